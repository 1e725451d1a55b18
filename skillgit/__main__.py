from skillgit.cli import main

raise SystemExit(main())
