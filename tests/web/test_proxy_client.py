"""One definition of a client at every layer (issue 43, item 3): the shipped nginx map (``$judge_client``,
deploy/nginx/judge-zones.conf) names the same client as the site (judge.web.client_address.client_key): an
IPv4 address, an IPv6 address's /64, an IPv4-mapped address's IPv4 address. nginx counted each full IPv6
address, so eight addresses of one /64 each got a heavy request in flight.

The map is read as shipped, in nginx on loopback, with the addresses given through the realip module (each
becomes ``$remote_addr`` in nginx's own short form), and once from a real socket on ::1."""

from __future__ import annotations

import ipaddress
import random
import socket
import urllib.request
from collections.abc import Iterator

import pytest
from django.test import RequestFactory

from judge.web.client_address import client_key
from tests.web.test_proxy import _load

pytestmark = pytest.mark.proxy

proxy = _load("proxy")

#: What the test server answers: the client the shipped map names.
SITE = """
set_real_ip_from 127.0.0.1;
set_real_ip_from ::1;
real_ip_header X-Test-Address;
location = /client { return 200 "$judge_client"; }
"""


def _has_ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as sock:
            sock.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.fixture(scope="module")
def mapper(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if proxy.nginx_binary() is None:
        pytest.skip("nginx is not installed (Debian package nginx; .ci/run installs it)")
    work = tmp_path_factory.mktemp("proxy-client")
    site = work / "site.conf"
    site.write_text(SITE, encoding="utf-8")
    with proxy.running_nginx(work, upstream="127.0.0.1:9", site=site, ipv6=_has_ipv6_loopback()) as url:
        yield url


def _named(base: str, address: str | None) -> str:
    headers = {} if address is None else {"X-Test-Address": address}
    request = urllib.request.Request(base + "/client", headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return str(response.read().decode())


def _site(address: str) -> str:
    return client_key(RequestFactory().get("/", REMOTE_ADDR=address))


def _same_client(nginx: str, site: str) -> bool:
    """The nginx key ("2001:db8:0:0::") and the site's ("2001:db8::") name the same client."""
    if ":" not in site:
        return nginx == site
    return ipaddress.ip_address(nginx.removesuffix("::") + "::") == ipaddress.ip_address(site)


def _addresses() -> list[str]:
    """Every shape nginx writes: zeros folded at each place and length, IPv4-mapped, IPv4; then random ones
    (a bounded, seeded sample)."""
    shapes = [
        "2001:db8:1:2:3:4:5:6",
        "2001:db8:1:2::",
        "2001:db8:1:2::9",
        "2001:db8:1::9",
        "2001:db8::1:2:3:4",
        "2001:db8:0:0:5::",
        "2001:db8::1:2:3:4:5",
        "2001::1:2:3:4:5:6",
        "2001::1:2:3:4:5",
        "2001::1",
        "2001:0:1:2:3:4:5:6",
        "::1",
        "::1:2:3:4:5:6:7",
        "::1:2:3:4:5:6",
        "::1:2:3:4:5",
        "::",
        "fe80::1",
        "::ffff:192.0.2.77",
        "192.0.2.7",
        "127.0.0.1",
    ]
    rng = random.Random(43)
    for _ in range(200):
        groups = [rng.choice((0, 0, 0, rng.randrange(1, 65536))) for _ in range(8)]
        shapes.append(str(ipaddress.IPv6Address(sum(g << (16 * (7 - i)) for i, g in enumerate(groups)))))
    return shapes


def test_the_proxy_and_the_site_name_the_same_client(mapper: str) -> None:
    for address in _addresses():
        nginx, site = _named(mapper, address), _site(address)
        assert _same_client(nginx, site), (address, nginx, site)
        if ":" in site:  # written in full, the same client
            full = ipaddress.IPv6Address(address).exploded
            assert _named(mapper, full) == nginx, (full, nginx)


def test_eight_addresses_of_one_64_are_one_client_and_another_64_is_another(mapper: str) -> None:
    named = {_named(mapper, f"2001:db8:1:2::{n:x}") for n in range(1, 9)}
    named |= {_named(mapper, f"2001:db8:1:2:{n:x}:0:0:{n:x}") for n in range(1, 9)}
    assert named == {"2001:db8:1:2::"}
    assert _named(mapper, "2001:db8:1:3::1") == "2001:db8:1:3::"


def test_a_real_socket_on_ipv6_loopback(mapper: str) -> None:
    if not _has_ipv6_loopback():
        pytest.skip("this machine's loopback has no IPv6 (::1)")
    port = mapper.rsplit(":", 1)[1]
    assert _named(f"http://[::1]:{port}", None) == "0:0:0:0::"
    assert _site("::1") == "::"
