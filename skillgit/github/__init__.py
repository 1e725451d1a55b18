"""The only code that talks to GitHub: one httpx client (`http`), typed calls (`client`).

Layering: publish → github; github imports nothing from mine/, publish/ or cli/.
"""
