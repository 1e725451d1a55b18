"""`skillgit review`: the skills a change touches, validated at its head, reported where a
reviewer looks (annotations on changed lines, a job summary, one sticky PR comment)."""
