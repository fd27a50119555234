"""The networks the Share dialog and --share-players offer, named and ordered so a GM can tell
the table's Wi-Fi from a VPN or a virtual adapter (services/networks.py's pure part, from the
interfaces as Qt lists them on each system)."""

from __future__ import annotations

import pytest

from encounter_app.services.networks import Kind, judged, kind_of, networks


@pytest.mark.parametrize(("name", "human", "qt_kind", "kind"), [
    # Linux: Qt may call a Wi-Fi, a VPN's tap and a container's bridge all "Ethernet".
    ("wlp2s0", "wlp2s0", "Ethernet", Kind.WIFI),
    ("wlan0", "wlan0", "Wifi", Kind.WIFI),
    ("enp3s0", "enp3s0", "Ethernet", Kind.ETHERNET),
    ("eth0", "eth0", "Unknown", Kind.ETHERNET),
    ("tun0", "tun0", "Unknown", Kind.VPN),
    ("tap1", "tap1", "Ethernet", Kind.VPN),
    ("wg0", "wg0", "Unknown", Kind.VPN),
    ("tailscale0", "tailscale0", "Unknown", Kind.VPN),
    ("ppp0", "ppp0", "Ppp", Kind.VPN),
    ("docker0", "docker0", "Ethernet", Kind.VIRTUAL),
    ("br-3f2a9c", "br-3f2a9c", "Ethernet", Kind.VIRTUAL),
    ("veth12ab", "veth12ab", "Ethernet", Kind.VIRTUAL),
    ("virbr0", "virbr0", "Ethernet", Kind.VIRTUAL),
    ("vboxnet0", "vboxnet0", "Ethernet", Kind.VIRTUAL),
    ("vmnet8", "vmnet8", "Ethernet", Kind.VIRTUAL),
    # macOS: en0 is the Wi-Fi on a laptop, and Qt says so; utun is a VPN.
    ("en0", "en0", "Wifi", Kind.WIFI),
    ("en5", "en5", "Ethernet", Kind.ETHERNET),
    ("utun3", "utun3", "Unknown", Kind.VPN),
    ("bridge100", "bridge100", "Ethernet", Kind.VIRTUAL),
    # Windows: the human name says it; the interface's own name does not.
    ("wireless_32768", "Wi-Fi", "Wifi", Kind.WIFI),
    ("ethernet_32769", "Ethernet 2", "Ethernet", Kind.ETHERNET),
    ("ethernet_32770", "vEthernet (WSL)", "Ethernet", Kind.VIRTUAL),
    ("ethernet_32771", "VirtualBox Host-Only Network", "Ethernet", Kind.VIRTUAL),
    ("ethernet_32772", "OpenVPN TAP-Windows6", "Ethernet", Kind.VPN),
    ("ethernet_32773", "NordVPN", "Ethernet", Kind.VPN),
    ("ppp_32768", "Work VPN", "Ppp", Kind.VPN),
    # Nothing to go by.
    ("xyz0", "xyz0", "Unknown", Kind.OTHER),
    ("lo", "lo", "Loopback", Kind.LOOPBACK),
])
def test_each_network_is_named_by_what_it_is(name, human, qt_kind, kind):
    assert kind_of(name, human, qt_kind) is kind


def test_the_table_s_wi_fi_comes_first_then_ethernet_then_vpn_and_virtual_then_loopback():
    found = [("docker0", "docker0", "Ethernet", "172.17.0.1"),
             ("tun0", "tun0", "Unknown", "10.8.0.6"),
             ("lo", "lo", "Loopback", "127.0.0.1"),
             ("enp3s0", "enp3s0", "Ethernet", "10.0.0.5"),
             ("wlp2s0", "wlp2s0", "Ethernet", "192.168.1.20"),
             ("xyz0", "xyz0", "Unknown", "172.20.0.3")]
    shown = judged(found)
    assert [(n.label, n.address) for n in shown] == [
        ("Wi-Fi (wlp2s0): 192.168.1.20", "192.168.1.20"),
        ("Ethernet (enp3s0): 10.0.0.5", "10.0.0.5"),
        ("Network (xyz0): 172.20.0.3", "172.20.0.3"),
        ("VPN or tunnel (tun0): 10.8.0.6", "10.8.0.6"),
        ("Virtual adapter (docker0): 172.17.0.1", "172.17.0.1"),
        ("This computer only: 127.0.0.1", "127.0.0.1")]
    hints = {n.kind: n.hint for n in shown}
    assert hints[Kind.WIFI] == hints[Kind.ETHERNET] == ""
    assert "cannot reach" in hints[Kind.VPN] and "cannot reach" in hints[Kind.VIRTUAL]


def test_a_windows_human_name_is_read_as_it_is_and_a_link_local_address_goes_last():
    shown = judged([("ethernet_1", "Ethernet", "Ethernet", "169.254.10.2"),
                    ("wireless_1", "Wi-Fi", "Wifi", "192.168.0.7"),
                    ("ethernet_2", "Ethernet 2", "Ethernet", "192.168.0.8")])
    assert [n.label for n in shown] == ["Wi-Fi: 192.168.0.7", "Ethernet 2: 192.168.0.8",
                                        "Ethernet: 169.254.10.2",
                                        "This computer only: 127.0.0.1"]


def test_no_network_at_all_still_offers_this_computer_once():
    assert [n.label for n in judged([])] == ["This computer only: 127.0.0.1"]
    assert [n.address for n in judged([("lo", "lo", "Loopback", "127.0.0.1")])] == [
        "127.0.0.1"]


def test_this_computer_s_own_networks_end_with_the_loopback_address():
    found = networks()
    assert found[-1].address == "127.0.0.1" and found[-1].kind is Kind.LOOPBACK
    assert [n.address for n in found].count("127.0.0.1") == 1
