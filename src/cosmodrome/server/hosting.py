"""Where a server is reachable: the machine's own interface addresses (for ``--host 0.0.0.0``),
the addresses to print, and the host names the server answers to (docs/HOSTING.md).

>>> serving_urls("127.0.0.1", 8000)
['http://127.0.0.1:8000/']
>>> serving_urls("0.0.0.0", 8000, public_url="https://games.example.org")
['https://games.example.org/']
>>> sorted(allowed_hosts("127.0.0.1"))
['127.0.0.1', '::1', 'localhost']
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Iterable, Optional
from urllib.parse import urlsplit

WILDCARDS = ("0.0.0.0", "::", "")
LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1"}


def _ipv4_of(name: str) -> Optional[str]:
    """The IPv4 address of interface ``name`` (Linux's SIOCGIFADDR), or None."""
    try:
        import fcntl
        import struct
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            packed = fcntl.ioctl(s.fileno(), 0x8915, struct.pack("256s", name.encode()[:15]))
        return socket.inet_ntoa(packed[20:24])
    except (OSError, ImportError, ValueError):
        return None


def _ipv6_addresses() -> list[str]:
    """The global IPv6 addresses of this machine (from /proc on Linux; none elsewhere)."""
    out = []
    try:
        with open("/proc/net/if_inet6") as fh:
            for line in fh:
                hexa = line.split()[0]
                out.append(str(ipaddress.IPv6Address(bytes.fromhex(hexa))))
    except (OSError, ValueError, IndexError):
        pass
    return out


def _usable(addr: str) -> bool:
    try:
        ip = ipaddress.ip_address(addr)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def interface_addresses(ipv6: bool = False) -> list[str]:
    """The addresses other machines can reach this one on: every interface's IPv4 address
    (and with ``ipv6`` the global IPv6 ones), without loopback and link-local addresses."""
    found: list[str] = []
    try:
        names = [n for _, n in socket.if_nameindex()]
    except (OSError, AttributeError):
        names = []
    for n in names:
        a = _ipv4_of(n)
        if a:
            found.append(a)
    if not found:  # not Linux: ask the resolver for this host's name
        try:
            found += [i[4][0] for i in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
        except OSError:
            pass
    if ipv6:
        found += _ipv6_addresses()
    out: list[str] = []
    for a in found:
        if _usable(a) and a not in out:
            out.append(a)
    return out


def _url_host(addr: str) -> str:
    return f"[{addr}]" if ":" in addr else addr


def serving_urls(host: str, port: int, public_url: Optional[str] = None) -> list[str]:
    """The addresses to print: the public URL when given; for a wildcard host every interface
    address (so a friend on the network can use one), else the host itself."""
    if public_url:
        return [public_url.rstrip("/") + "/"]
    if host in WILDCARDS:
        addrs = interface_addresses(ipv6=host == "::") or ["127.0.0.1"]
    else:
        addrs = [host]
    return [f"http://{_url_host(a)}:{port}/" for a in addrs]


def allowed_hosts(host: str, public_url: Optional[str] = None, extra: Iterable[str] = ()) -> set[str]:
    """The host names (without port) the server answers to: loopback names, the listening
    address (every interface address and this machine's names for a wildcard), the public
    URL's host and the operator's ``--allowed-hosts``."""
    out = set(LOOPBACK_NAMES)
    if host in WILDCARDS:
        out.update(interface_addresses(ipv6=True))
        for name in (socket.gethostname(), socket.getfqdn()):
            if name:
                out.add(name.lower())
    else:
        out.add(host.lower().strip("[]"))
    if public_url:
        name = urlsplit(public_url).hostname
        if name:
            out.add(name.lower())
    out.update(h.strip().lower().strip("[]") for h in extra if h.strip())
    return out
