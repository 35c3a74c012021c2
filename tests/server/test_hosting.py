"""Hosting the server for friends (docs/HOSTING.md): the addresses it prints, proxy headers
trusted only from configured proxies, no token in an access log, and the documented nginx
configuration in front of a real ``cosmodrome serve``, with a move played over its WebSocket."""

from __future__ import annotations

import json
import os
import shutil
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from server_helpers import stop
from test_restart import free_port

from cosmodrome.server.hosting import interface_addresses

ROOT = Path(__file__).resolve().parents[2]
NGINX_CONF = ROOT / "docs" / "hosting" / "nginx-cosmodrome.conf"


class Server:
    """A real ``cosmodrome serve`` process on loopback, its output in a file."""

    def __init__(self, tmp_path: Path, *args: str, host: str = "127.0.0.1", db: Path = None) -> None:
        self.port = free_port()
        self.log = tmp_path / f"serve-{self.port}.log"
        self.db = db or tmp_path / f"hosting-{self.port}.sqlite"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cosmodrome.cli.main", "serve", "--host", host, "--port", str(self.port),
             "--db", f"sqlite:///{self.db}", "--test-games", "--bot-delay", "0",
             "--bot-workers", "1", *args],
            stdout=open(self.log, "ab"), stderr=subprocess.STDOUT)
        self.base = f"http://127.0.0.1:{self.port}"
        end = time.time() + 30
        while True:
            if self.proc.poll() is not None:
                raise AssertionError(f"the server exited: {self.log.read_text()}")
            try:
                if call(self.base, "GET", "/api/game-types")[0] == 200:
                    break
            except OSError:
                pass
            if time.time() > end:
                self.stop()
                raise AssertionError("the server did not start")
            time.sleep(0.1)

    def output(self) -> str:
        return self.log.read_text()

    def stop(self) -> None:
        stop(self.proc)


def call(base, method, path, body=None, headers=None, context=None):
    data = None if body is None else json.dumps(body).encode()
    h = {"Content-Type": "application/json"} if data else {}
    h.update(headers or {})
    req = urllib.request.Request(base + path, data=data, method=method, headers=h)
    try:
        with urllib.request.urlopen(req, timeout=10, context=context) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


PAIR = {"game": "pocket-race", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


@pytest.mark.timeout(60)
def test_a_wildcard_host_prints_addresses_that_work_from_other_machines(tmp_path):
    addrs = interface_addresses()
    if not addrs:
        pytest.fail("this machine has no network interface besides loopback to check the printed addresses with")
    s = Server(tmp_path, host="0.0.0.0")
    try:
        first = s.output().splitlines()[0]
        assert f"http://{addrs[0]}:{s.port}/" in first and "localhost" not in first
        assert call(f"http://{addrs[0]}:{s.port}", "GET", "/api/game-types")[0] == 200  # it works there
    finally:
        s.stop()


@pytest.mark.timeout(60)
def test_proxy_headers_are_trusted_only_from_configured_addresses(tmp_path):
    forged = lambda ip: {"X-Forwarded-For": ip, "X-Forwarded-Proto": "https"}
    plain = Server(tmp_path, "--create-limit", "1/600")
    try:
        st, g = call(plain.base, "POST", "/api/games", PAIR, forged("203.0.113.1"))
        assert st == 201 and g["spectate"].startswith("http://127.0.0.1")  # the header was ignored
        st, err = call(plain.base, "POST", "/api/games", PAIR, forged("203.0.113.2"))
        assert st == 429  # the same address (the real one): one new game is its limit
    finally:
        plain.stop()
    behind = Server(tmp_path, "--create-limit", "1/600", "--forwarded-allow-ips", "127.0.0.1")
    try:
        st, g = call(behind.base, "POST", "/api/games", PAIR, forged("203.0.113.1"))
        assert st == 201 and g["spectate"].startswith("https://127.0.0.1")
        assert call(behind.base, "POST", "/api/games", PAIR, forged("203.0.113.2"))[0] == 201
        assert call(behind.base, "POST", "/api/games", PAIR, forged("203.0.113.2"))[0] == 429
    finally:
        behind.stop()


@pytest.mark.timeout(60)
def test_the_access_log_never_shows_a_token_of_an_old_link(tmp_path):
    s = Server(tmp_path, "--log-level", "info")
    try:
        st, g = call(s.base, "POST", "/api/games", PAIR)
        tok = g["seats"][0]["token"]
        with urllib.request.urlopen(f"{s.base}/table.html?game={g['id']}&token={tok}", timeout=10) as r:
            assert r.status == 200  # the old link still opens the page (which moves the token)
        st, _ = call(s.base, "GET", f"/api/games/{g['id']}/view?token={tok}")
        assert st == 400
        time.sleep(0.3)
        out = s.output()
        assert f"/table.html?game={g['id']}&token=[hidden]" in out and tok not in out
    finally:
        s.stop()


@pytest.mark.timeout(60)
def test_the_documented_online_backup_of_sqlite_holds_every_game(tmp_path):
    doc = (ROOT / "docs" / "HOSTING.md").read_text()
    line = next(x for x in doc.splitlines() if x.startswith("python3 -c") and "backup" in x)
    code = line.split('"')[1]
    s = Server(tmp_path)
    try:
        st, g = call(s.base, "POST", "/api/games", PAIR)
        tok = g["seats"][0]["token"]
        st, v = call(s.base, "GET", f"/api/games/{g['id']}/view", headers={"X-Cosmodrome-Token": tok})
        act = {"action": v["decision"]["options"][0]["action"], "version": 0}
        assert call(s.base, "POST", f"/api/games/{g['id']}/act", act, {"X-Cosmodrome-Token": tok})[0] == 200
        copy = tmp_path / "backup.sqlite"
        subprocess.run([sys.executable, "-c", code, str(s.db), str(copy)], check=True)  # while it runs
    finally:
        s.stop()
    restored = Server(tmp_path, db=copy)
    try:
        st, v = call(restored.base, "GET", f"/api/games/{g['id']}/view", headers={"X-Cosmodrome-Token": tok})
        assert st == 200 and v["version"] == 1 and v["decision"] is None and v["waiting"]["seat"] == 1
    finally:
        restored.stop()


# ----- nginx ---------------------------------------------------------------------------------
def _nginx() -> str:
    path = shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.path.exists(path):
        pytest.fail("Debian's nginx is missing: install it with `make nginx` (apt-get install -y nginx)")
    return path


def _replace(text: str, old: str, new: str) -> str:
    assert old in text, f"docs/hosting/nginx-cosmodrome.conf no longer holds {old!r}: update this test with it"
    return text.replace(old, new)


def site_for_test(https: int, http: int, backend: int, cert: Path, key: Path) -> str:
    """The documented site with this test's ports and certificate (and loopback only)."""
    text = NGINX_CONF.read_text()
    text = _replace(text, "/etc/letsencrypt/live/games.example.org/fullchain.pem", str(cert))
    text = _replace(text, "/etc/letsencrypt/live/games.example.org/privkey.pem", str(key))
    text = _replace(text, "server_name games.example.org;", "server_name 127.0.0.1;")
    text = _replace(text, "listen 443 ssl;", f"listen 127.0.0.1:{https} ssl;")
    text = _replace(text, "listen 80;", f"listen 127.0.0.1:{http};")
    text = _replace(text, "    listen [::]:443 ssl;\n", "")
    text = _replace(text, "    listen [::]:80;\n", "")
    return _replace(text, "proxy_pass http://127.0.0.1:8000;", f"proxy_pass http://127.0.0.1:{backend};")


def test_the_documented_nginx_config_is_the_one_in_hosting_md():
    doc = (ROOT / "docs" / "HOSTING.md").read_text()
    assert NGINX_CONF.read_text().strip() in doc


@pytest.mark.timeout(90)
def test_a_move_over_the_websocket_through_the_documented_nginx(tmp_path):
    from websockets.sync.client import connect

    nginx = _nginx()
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    https, http = free_port(), free_port()
    server = Server(tmp_path, "--public-url", f"https://127.0.0.1:{https}", "--forwarded-allow-ips", "127.0.0.1",
                    "--log-level", "info")
    (tmp_path / "site.conf").write_text(site_for_test(https, http, server.port, cert, key))
    for d in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (tmp_path / d).mkdir()
    user = "user root;\n" if os.geteuid() == 0 else ""
    (tmp_path / "nginx.conf").write_text(
        f"{user}daemon off;\nworker_processes 1;\npid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\n"
        f"events {{ worker_connections 64; }}\n"
        f"http {{\n  access_log {tmp_path}/access.log;\n"
        + "".join(f"  {d}_temp_path {tmp_path}/{d};\n" for d in ("fastcgi", "uwsgi", "scgi", "proxy"))
        + f"  client_body_temp_path {tmp_path}/body;\n  include {tmp_path}/site.conf;\n}}\n")
    proxy = subprocess.Popen([nginx, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")],
                             stdout=subprocess.DEVNULL, stderr=open(tmp_path / "nginx.out", "wb"))
    try:
        ctx = ssl.create_default_context(cafile=str(cert))
        public = f"https://127.0.0.1:{https}"
        end = time.time() + 20
        while True:
            try:
                if call(public, "GET", "/api/game-types", context=ctx)[0] == 200:
                    break
            except OSError:
                if proxy.poll() is not None or time.time() > end:
                    error_log = tmp_path / 'error.log'
                    raise AssertionError(f"nginx did not start: {(tmp_path / 'nginx.out').read_text()}"
                                         f"{error_log.read_text() if error_log.exists() else ''}")
                time.sleep(0.1)
        # plain http is sent to https
        req = urllib.request.Request(f"http://127.0.0.1:{http}/")
        opener = urllib.request.build_opener(type("NoRedirect", (urllib.request.HTTPRedirectHandler,),
                                                  {"redirect_request": lambda *a, **k: None}))
        with pytest.raises(urllib.error.HTTPError) as moved:
            opener.open(req, timeout=10)
        assert moved.value.code == 301 and moved.value.headers["Location"].startswith("https://127.0.0.1")
        # a game made through the proxy: its links are the public https address, token in the fragment
        st, g = call(public, "POST", "/api/games", PAIR, {"Origin": public}, context=ctx)
        assert st == 201, g
        tok = g["seats"][0]["token"]
        assert g["seats"][0]["link"] == f"{public}/table.html?game={g['id']}#token={tok}"
        # the socket through nginx: hello with the token, then a move
        with connect(f"wss://127.0.0.1:{https}/ws/games/{g['id']}", ssl=ctx, origin=public, open_timeout=10) as ws:
            ws.send(json.dumps({"type": "hello", "token": tok}))
            table = json.loads(ws.recv(timeout=10))
            assert table["type"] == "table" and table["seat"] == 0 and table["version"] == 0
            action = table["decision"]["options"][0]["action"]
            ws.send(json.dumps({"type": "act", "action": action, "version": 0}))
            got = {}
            while not ("ack" in got and "table" in got):
                m = json.loads(ws.recv(timeout=10))
                got[m["type"]] = m
            assert got["ack"]["ok"] and got["ack"]["version"] == 1 and got["table"]["version"] == 1
        st, v = call(public, "GET", f"/api/games/{g['id']}/view",
                     headers={"X-Cosmodrome-Token": g["seats"][1]["token"]}, context=ctx)
        assert st == 200 and v["version"] == 1 and v["decision"]["seat"] == 1
        # neither nginx's access log nor the server's log holds a token
        time.sleep(0.3)
        logs = (tmp_path / "access.log").read_text() + server.output()
        assert f"/ws/games/{g['id']}" in logs and "POST /api/games" in logs
        assert tok not in logs and g["seats"][1]["token"] not in logs
    finally:
        stop(proxy)
        server.stop()
