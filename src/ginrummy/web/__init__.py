"""The browser game: a Starlette server holding every match, and a page that draws the cards.

Import :func:`ginrummy.web.server.create_app` for the ASGI application; ``ginrummy serve`` runs it.
"""
