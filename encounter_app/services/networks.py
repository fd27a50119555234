"""The networks this computer is on, named so a GM can tell the table's Wi-Fi from a VPN.

Phones reach the players' page at one of this computer's addresses, and only at one on the
network they are on themselves: the Wi-Fi the table shares, or a wired network the same router
serves. A VPN's or tunnel's address (tun, wg, utun...) and a virtual adapter's (a virtual
machine's, a container's bridge: docker, vbox, vmnet, virbr...) look just as good in a list of
numbers, and phones cannot reach them.

``judged`` is the pure part: from plain tuples (the interface's name, its human name, the
kind Qt reads, the address) each network's kind and words, in the order a GM should meet them,
the likely table network first (Wi-Fi, then Ethernet), a VPN and a virtual adapter after, this
computer alone last. ``networks`` asks Qt (QNetworkInterface) what there is now.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from encounter_app.domain.fields_repr import fields_repr

LOOPBACK = "127.0.0.1"


class Kind(Enum):
    """What a network is, in the GM's words, in the order they are offered."""

    WIFI = "Wi-Fi"
    ETHERNET = "Ethernet"
    OTHER = "Network"  # a physical one of another kind, or one Qt cannot name
    VPN = "VPN or tunnel"
    VIRTUAL = "Virtual adapter"
    LOOPBACK = "This computer only"


HINTS = {
    Kind.WIFI: "",
    Kind.ETHERNET: "",
    Kind.OTHER: "",
    Kind.VPN: "A VPN or tunnel: phones on the table's Wi-Fi usually cannot reach it.",
    Kind.VIRTUAL: "A virtual adapter (a virtual machine's or a container's): phones cannot "
                  "reach it.",
    Kind.LOOPBACK: "Only a browser on this computer can open the page.",
}

# By the interface's name (Linux, macOS, BSD) or its human name (Windows: "Wi-Fi",
# "vEthernet (WSL)", "OpenVPN TAP-Windows6"), case ignored. The virtual adapters first: a
# virtual Ethernet ("vEthernet", "veth0") is not the table's Ethernet.
_VIRTUAL = re.compile(
    r"^(docker|br-|veth|vbox|vmnet|vmbr|virbr|lxc|lxd|podman|cni|flannel|cali|kube|weave|"
    r"vnet|vif|vEthernet|awdl|llw|anpi|bridge|qemu)|"
    r"virtualbox|vmware|hyper-v|virtual|host-only|loopback adapter|npcap|wsl", re.IGNORECASE)
_VPN = re.compile(
    r"^(tun|tap|wg|utun|ppp|ipsec|gpd|tailscale|zt|nordlynx|proton|mullvad|ham|cscotun|"
    r"vpn|wt\d)|vpn|wireguard|tunnel|tap-windows|openvpn|anyconnect|globalprotect|"
    r"fortinet|zerotier|tailscale|teredo|isatap", re.IGNORECASE)
_WIFI = re.compile(r"^(wl|wifi|ath|ra\d)|wi-?fi|wireless|wlan|802\.11|airport",
                   re.IGNORECASE)
_ETHERNET = re.compile(r"^(eth|en|em\d|eno|ens|enp|enx)|ethernet|\blan\b", re.IGNORECASE)
# Qt's word for an interface's type (QNetworkInterface.InterfaceType's name, lowered).
_QT_KIND = {"wifi": Kind.WIFI, "ieee80211": Kind.WIFI, "ethernet": Kind.ETHERNET,
            "virtual": Kind.VIRTUAL, "ppp": Kind.VPN, "slip": Kind.VPN,
            "loopback": Kind.LOOPBACK}


@fields_repr
@dataclass(frozen=True, repr=False)
class Network:
    """One address this computer has, on one network, and what that network is."""

    name: str  # the system's name of the interface ("wlp2s0", "en0")
    human: str  # its human name ("Wi-Fi" on Windows; the name itself elsewhere)
    kind: Kind
    address: str

    @property
    def label(self) -> str:
        """How the GM's list reads it: "Wi-Fi (wlp2s0): 192.168.1.20", "Wi-Fi: ...", "VPN
        or tunnel (tun0): 10.8.0.2", "This computer only: 127.0.0.1"."""
        if self.kind is Kind.LOOPBACK:
            return f"{self.kind.value}: {self.address}"
        shown = self.human or self.name
        if self.kind.value.lower() in shown.lower():
            return f"{shown}: {self.address}"  # Windows's "Wi-Fi", "Ethernet 2"
        return f"{self.kind.value} ({shown}): {self.address}"

    @property
    def hint(self) -> str:
        """A sentence for the GM when phones are unlikely to reach it; "" otherwise."""
        return HINTS[self.kind]


def kind_of(name: str, human: str, qt_kind: str, address: str = "") -> Kind:
    """What a network is, from its names and Qt's word for its type. A virtual adapter's or a
    VPN's name decides first (Qt calls a VPN's tap and a docker bridge "Ethernet"), then Qt's
    Wi-Fi, a Wi-Fi's name (Qt on Linux may call it "Ethernet"), Qt's other words, an
    Ethernet's name; else a network of no known kind."""
    qt_kind = qt_kind.lower()
    if address.startswith("127.") or qt_kind == "loopback":
        return Kind.LOOPBACK

    def named(pattern: re.Pattern[str]) -> bool:
        return any(word and pattern.search(word) for word in (name, human))

    if named(_VIRTUAL):
        return Kind.VIRTUAL
    if named(_VPN):
        return Kind.VPN
    if _QT_KIND.get(qt_kind) is Kind.WIFI or named(_WIFI):
        return Kind.WIFI
    if qt_kind in _QT_KIND:
        return _QT_KIND[qt_kind]
    return Kind.ETHERNET if named(_ETHERNET) else Kind.OTHER


_ORDER = {kind: rank for rank, kind in enumerate(Kind)}


def _rank(network: Network) -> tuple[int, int]:
    # Within a kind, a link-local address (169.254.x.x: no router gave one) last.
    return _ORDER[network.kind], int(network.address.startswith("169.254."))


def judged(found: Iterable[tuple[str, str, str, str]]) -> list[Network]:
    """Each (name, human name, Qt's type word, IPv4 address) as a ``Network``, the likely table
    network first: Wi-Fi, Ethernet, any other, VPNs, virtual adapters, then this computer
    alone, which is always there once. Found in the same kind keep their order."""
    networks = [Network(name, human, kind_of(name, human, qt_kind, address), address)
                for name, human, qt_kind, address in found]
    networks = [n for n in networks if n.kind is not Kind.LOOPBACK]
    networks.sort(key=_rank)  # stable
    networks.append(Network("lo", "", Kind.LOOPBACK, LOOPBACK))
    return networks


def found_now() -> list[tuple[str, str, str, str]]:
    """What Qt finds: every IPv4 address of an interface that is up and running."""
    from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface  # when the GM shares

    found = []
    flags = QNetworkInterface.InterfaceFlag
    ipv4 = QAbstractSocket.NetworkLayerProtocol.IPv4Protocol
    for interface in QNetworkInterface.allInterfaces():
        if not (interface.flags() & flags.IsUp and interface.flags() & flags.IsRunning):
            continue
        qt_kind = "loopback" if interface.flags() & flags.IsLoopBack else (
            interface.type().name or "")
        for entry in interface.addressEntries():
            if entry.ip().protocol() == ipv4:
                found.append((interface.name(), interface.humanReadableName(), qt_kind,
                              entry.ip().toString()))
    return found


def networks() -> list[Network]:
    """This computer's networks now, the likely table network first (``judged``)."""
    return judged(found_now())


def interfaces() -> list[tuple[str, str]]:
    """The addresses phones can reach this computer at: (label, IPv4 address), the table's
    likely network first, this computer alone last."""
    return [(network.label, network.address) for network in networks()]
