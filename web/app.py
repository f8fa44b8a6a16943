"""The phone page's Flask app: the factory, and the rules every request goes through.

Every POST must come from this page: its Origin must be this server and it must carry the
action token (a header a page on another origin cannot set without reading our page).
Every response forbids outside assets (CSP ``default-src 'self'``: no inline scripts or
styles either). A refused or malformed request gets a 4xx with a message, never a 500; an
action the store could not save gets a 503 (the store refuses before anything changes).
"""

from __future__ import annotations

import hmac
import logging
from urllib.parse import urlsplit

from flask import Flask, g, jsonify, request
from werkzeug.exceptions import HTTPException

from companion.core.phrase import Phrase
from companion.store import GameClosedError, StoreError, StoreFullError
from web.hub import PING_S, Hub
from web.i18n import say
from web.identity import (
    ACTION_HEADER,
    VISITOR_COOKIE,
    HostSessions,
    Refused,
    action_token,
    new_token,
    set_cookie,
)
from web.service import GameService

MAX_BODY = 16 * 1024
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; frame-ancestors 'self'; base-uri 'none'; "
    "form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "SAMEORIGIN",  # the table screen full screen frames itself (shell.js)
}
log = logging.getLogger(__name__)


def create_app(appliance, host_pin: str) -> Flask:
    """The app for ``appliance``; the host console opens with ``host_pin``."""
    from companion.store.history import History
    from web import history, host, i18n, pages, player, stream

    app = Flask(__name__)
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY, PING_S=PING_S, JOIN_URL=None, JSON_SORT_KEYS=False)
    hub = Hub()
    app.extensions["samarkand"] = GameService(appliance, hub)
    app.extensions["samarkand.hosts"] = HostSessions(host_pin)
    app.extensions["samarkand.hub"] = hub
    app.extensions["samarkand.history"] = History(appliance.store)
    i18n.install(app)
    pages.install(app)
    for blueprint in (player.bp, host.bp, stream.bp, history.bp):
        app.register_blueprint(blueprint)
    app.before_request(_check_request)
    app.after_request(_secure_response)
    app.register_error_handler(Refused, _refused)
    app.register_error_handler(StoreError, _not_saved)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _unexpected)
    return app


def _check_request() -> None:
    g.visitor = request.cookies.get(VISITOR_COOKIE)
    g.new_visitor = not g.visitor
    if g.new_visitor:
        g.visitor = new_token()
    if request.method in ("GET", "HEAD"):
        return
    if not _same_origin():
        raise Refused(403, "this action must come from the table's own page")
    sent = request.headers.get(ACTION_HEADER, "")
    if g.new_visitor or not hmac.compare_digest(sent.encode(), action_token(g.visitor).encode()):
        raise Refused(403, "this page is out of date: reload it and try again")


def _same_origin() -> bool:
    origin = request.headers.get("Origin")
    if not origin:
        return False
    parts = urlsplit(origin)
    return parts.scheme == request.scheme and parts.netloc == request.host


def _secure_response(response):
    response.headers.update(SECURITY_HEADERS)
    if request.path.startswith(("/api/", "/stream")):
        response.headers["Cache-Control"] = "no-store"
    if g.get("new_visitor"):
        set_cookie(response, VISITOR_COOKIE, g.visitor)
    return response


def _refused(exc: Refused):
    return jsonify(error=say(exc.phrase)), exc.status


HTTP_ERRORS = {
    404: Phrase("there is no such page"),
    405: Phrase("that is not how this address is used"),
    413: Phrase("that request is too large"),
    400: Phrase("that request could not be read"),
}


def _http_error(exc: HTTPException):
    return jsonify(error=say(HTTP_ERRORS.get(exc.code or 0) or exc.description)), exc.code


def _not_saved(exc: StoreError):
    log.error("%s %r: %s", request.method, request.path, exc)
    if isinstance(exc, GameClosedError):
        return jsonify(error=say(Phrase("this game is over: wait for the host to start a new one"))), 409
    if isinstance(exc, StoreFullError):
        return jsonify(
            error=say(Phrase("the Pi's disk is full, so that was not saved: free some space"))
        ), 503
    return jsonify(error=say(Phrase("the Pi could not save that, so it did not happen: see its screen"))), 503


def _unexpected(exc: Exception):
    """A fault after an action may come after its commit: the page is told to look again."""
    log.exception("unexpected error in %s %r", request.method, request.path)
    return jsonify(error=say(Phrase("something went wrong on the Pi: reload the page to see the game"))), 500
