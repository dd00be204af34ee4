"""A `glimpse serve` for a test: started on a free port, in a folder of its own holding a copy of
the repository's content and templates (so that tests can edit them), and stopped with Ctrl-C."""
import json
import pathlib
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from conftest import REPO

NOW = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    def __init__(self, glimpse_bin, folder, *extra):
        self.folder = pathlib.Path(folder)
        for name in ("content", "templates"):
            if not (self.folder / name).exists():
                shutil.copytree(REPO / name, self.folder / name)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = self.folder / "serve.log"
        self.process = subprocess.Popen([str(glimpse_bin), "serve", *NOW, "--port", str(self.port), *extra],
                                        cwd=self.folder, stdout=subprocess.DEVNULL, stderr=self.log.open("w"))
        deadline = time.monotonic() + 60
        while "Serving at" not in self.log.read_text():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"glimpse serve did not start: {self.log.read_text()}")
            time.sleep(0.05)

    def get(self, path, headers=None):
        """(status, body bytes, headers) of a GET."""
        request = urllib.request.Request(self.url + path, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.read(), dict(response.headers)
        except urllib.error.HTTPError as error:
            return error.code, error.read(), dict(error.headers)

    def post(self, path, body, origin=None, content_type="application/json", timeout=30):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        headers = {"Content-Type": content_type, "Origin": origin or self.url}
        request = urllib.request.Request(self.url + path, data=data, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def stop(self):
        """Ctrl-C; returns the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                return self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                return self.process.wait()
        return self.process.returncode


def strip_serve(html):
    """A served page without what serve adds: the page `glimpse build` writes."""
    start = html.find("<!-- glimpse serve -->")
    end_marker = "<!-- /glimpse serve -->\n"
    end = html.find(end_marker)
    if start < 0 or end < 0:
        return html
    return html[:start] + html[end + len(end_marker):]


@pytest.fixture(scope="module")
def server(glimpse_bin, tmp_path_factory):
    """A server for the module's tests; it must stop cleanly on Ctrl-C."""
    running = Server(glimpse_bin, tmp_path_factory.mktemp("serve"))
    yield running
    assert running.stop() == 0, running.log.read_text()
    assert "Stopped." in running.log.read_text()


@pytest.fixture
def tab(browser):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    yield page
    page.close()


def serve_state(html):
    """The toolbar's state a served page carries."""
    start = html.index('<script type="application/json" id="glimpse-serve-state">') + len(
        '<script type="application/json" id="glimpse-serve-state">')
    return json.loads(html[start:html.index("</script>", start)])
