"""NetworkManager behind hardware.network, driven by a double of nmcli (tests/nmcli_double.py); and the
companion's own Wi-Fi on top of it."""

import os

import pytest

from companion.wifi import NetworkError, OwnWifi, join_code, own_ssid
from hardware.network import OWN, Network, fields
from nmcli_double import HOME, Nmcli, with_own

def test_terse_fields_unescape_colons():
    assert fields("Home\\:5G:802-11-wireless:wlan0") == ["Home:5G", "802-11-wireless", "wlan0"]


def test_what_is_in_use_and_which_saved_networks_are_in_reach():
    nm = Network(Nmcli(HOME, on_air="Home\\:5G\nNeighbours\n\n"))
    assert nm.problem() is None
    now = nm.in_use()
    assert (now.network, now.ssid, now.device) == ("home", "Home:5G", "wlan0")
    assert nm.known_in_reach() == ["Home:5G"]  # the café's network is saved but not on the air
    assert Network(Nmcli(HOME, on_air="Neighbours\n")).known_in_reach() == []


@pytest.mark.parametrize("answers, said", [
    ([(["-t", "-f", "RUNNING", "general"], (127, "nmcli is not installed"))], "NetworkManager is not installed"),
    ([(["-t", "-f", "RUNNING", "general"], (8, "Error: NetworkManager is not running."))],
     "NetworkManager is not running (Error: NetworkManager is not running.): sudo systemctl start NetworkManager"),
    ([(["-t", "-f", "RUNNING", "general"], (0, "running\n")),
      (["-t", "-f", "DEVICE,TYPE", "device"], (0, "eth0:ethernet\nlo:loopback\n"))], "no Wi-Fi device"),
])
def test_a_box_without_networkmanager_or_wifi_says_so(answers, said):
    assert said in Network(Nmcli(answers)).problem()


def test_root_makes_the_own_network_once_then_changes_it_and_the_companion_only_brings_it_up():
    nmcli = Nmcli(HOME)
    assert Network(nmcli).make_own("Ada's table") == "made"
    add = next(c for c in nmcli.ran if c[:2] == ["connection", "add"])
    assert add[:6] == ["connection", "add", "type", "wifi", "con-name", OWN]
    pairs = dict(zip(add[6::2], add[7::2]))
    assert pairs == {"ifname": "wlan0", "ssid": "Ada's table", "802-11-wireless.mode": "ap", "802-11-wireless.band": "bg",
                     "ipv4.method": "shared", "ipv6.method": "disabled", "wifi-sec.key-mgmt": "wpa-psk",
                     "wifi-sec.proto": "rsn", "wifi-sec.psk-flags": "2", "connection.autoconnect": "no"}  # the passphrase: never saved
    assert not any(c[:2] == ["connection", "up"] for c in nmcli.ran)  # made, not brought up

    made = [*HOME[:-1], (["-t", "-f", "NAME", "connection", "show"], (0, f"preconfigured\n{OWN}\n")),
            (["-t", "-g", "802-11-wireless.ssid", "connection", "show", OWN], (0, "Ada's table\n"))]
    again = Nmcli(made)
    assert Network(again).make_own("Ada's table") == "changed"
    assert any(c[:3] == ["connection", "modify", OWN] for c in again.ran)
    assert not any(c[:2] == ["connection", "add"] for c in again.ran)

    # The companion itself: up with this opening's passphrase, in a file only it reads and that is gone after;
    # nothing that changes a connection (it has no right to).
    up = Nmcli(made)
    Network(up).open_own("Ada's table", "abcd-efgh-jkmn")
    assert up.ran[-1][:4] == ["connection", "up", OWN, "passwd-file"] and not os.path.exists(up.ran[-1][4])
    assert up.secrets == [("802-11-wireless-security.psk:abcd-efgh-jkmn\n", 0o600)]
    assert not any(c[:2] in (["connection", "add"], ["connection", "modify"]) for c in up.ran)


def test_the_companion_says_how_to_make_its_network_when_root_has_not_or_named_it_otherwise():
    with pytest.raises(NetworkError) as e:
        Network(Nmcli(HOME)).open_own("Ada's table", "abcd-efgh-jkmn")
    assert "not set up on this box" in str(e.value) and "companion own-wifi" in str(e.value)
    renamed = Nmcli([*HOME[:-1], (["-t", "-f", "NAME", "connection", "show"], (0, f"preconfigured\n{OWN}\n")),
                     (["-t", "-g", "802-11-wireless.ssid", "connection", "show", OWN], (0, "Old table\n"))])
    with pytest.raises(NetworkError) as e:
        Network(renamed).open_own("Ada's table", "abcd-efgh-jkmn")
    assert "named “Old table”, the settings say “Ada's table”" in str(e.value)
    assert not any(c[:2] == ["connection", "up"] for c in renamed.ran)


def test_a_refusal_names_the_command_but_never_the_passphrase():
    class Refusing(Nmcli):
        def __call__(self, args):
            if args[:2] == ["connection", "up"]:
                self.ran.append(args)
                return 4, "Error: Connection activation failed: 802-11-wireless-security.psk: invalid"
            return super().__call__(args)

    with pytest.raises(NetworkError) as e:
        Network(Refusing(with_own(HOME, "Ada's table"))).open_own("Ada's table", "secret-pass-phrase")
    assert "secret-pass-phrase" not in str(e.value) and "connection up" in str(e.value) and "invalid" in str(e.value)


def test_back_home_takes_the_own_network_down_and_lets_networkmanager_join_a_saved_one():
    own = Nmcli([*HOME, (["-t", "-f", "NAME,TYPE,DEVICE", "connection", "show", "--active"],
                         (0, f"{OWN}:802-11-wireless:wlan0\n")),
                 (["-t", "-g", "802-11-wireless.ssid", "connection", "show", OWN], (0, "Ada's table\n"))])
    assert Network(own).in_use().network == "own"
    Network(own).back_home()
    assert own.ran[-2:] == [["connection", "down", OWN], ["device", "connect", "wlan0"]]


class Switching(Nmcli):
    """An nmcli whose active connection follows `connection up` and `down` (the own network, or home)."""

    ACTIVE = ("-t", "-f", "NAME,TYPE,DEVICE", "connection", "show", "--active")

    def __call__(self, args):
        answer = super().__call__(args)
        if args[:3] == ["connection", "up", OWN]:
            self.answers[self.ACTIVE] = (0, f"{OWN}:802-11-wireless:wlan0\n")
        elif args[:3] == ["connection", "down", OWN]:
            self.answers[self.ACTIVE] = (0, "preconfigured:802-11-wireless:wlan0\n")
        return answer


def test_each_opening_of_the_own_network_has_a_new_passphrase_and_the_oleds_code_follows(tmp_path):
    """The attack: the passphrase never changed and was on the OLED as a QR code, so anyone who once joined
    could later read the table's traffic (plain HTTP) and take the host's cookie."""
    nmcli = Switching(with_own(HOME), on_air="Neighbours\n")
    wifi = OwnWifi(Network(nmcli), {"mode": "own", "name": "Ada"})
    wifi._start()
    codes = [wifi.join()]
    for _ in range(3):  # home, then the own network again: a game night a week later
        wifi.use("home")
        assert wifi.join() is None and wifi.passphrase() is None
        wifi.use("own")
        codes.append(wifi.join())
    given = [text.removeprefix("802-11-wireless-security.psk:").strip() for text, _ in nmcli.secrets]
    assert len(set(given)) == 4 and all(len(p) == 14 and p.count("-") == 2 and not set(p) & set("01ilo") for p in given)
    assert codes == [("Ada table", join_code("Ada table", p)) for p in given]
    assert list(tmp_path.iterdir()) == []  # kept nowhere


def test_the_own_network_is_named_for_the_table():
    assert own_ssid("Ada") == "Ada table" and own_ssid("Kitchen table") == "Kitchen table"
    assert len(own_ssid("x" * 40)) == 21  # the longest that fits the OLED's QR code with a passphrase


def _own_wifi(tmp_path, nmcli, mode):
    wifi = OwnWifi(Network(nmcli), {"mode": mode, "name": "Ada"})
    wifi._start()  # what start() runs on its thread
    return wifi


@pytest.mark.parametrize("mode, on_air, opens", [
    ("auto", "Neighbours\n", True),  # at a friend's house: no saved network in reach
    ("auto", "Cafe\\:Free\nCafé Wi-Fi\n", False),  # a saved one is there
    ("home", "", False),
    ("own", "Café Wi-Fi\n", True),
])
def test_at_start_the_settings_choose_the_network(tmp_path, mode, on_air, opens):
    idle = [*HOME[:2], (["-t", "-f", "NAME,TYPE,DEVICE", "connection", "show", "--active"], (0, "lo:loopback:lo\n")),
            *HOME[3:]]
    nmcli = Nmcli(with_own(idle), on_air=on_air)
    _own_wifi(tmp_path, nmcli, mode)
    assert any(c[:3] == ["connection", "up", OWN] for c in nmcli.ran) == opens


def test_without_networkmanager_the_own_wifi_says_so_and_does_nothing(tmp_path):
    nmcli = Nmcli([(["-t", "-f", "RUNNING", "general"], (127, "nmcli is not installed"))])
    wifi = _own_wifi(tmp_path, nmcli, "own")
    assert wifi.state()["ok"] is False and "NetworkManager is not installed" in wifi.state()["problem"]
    assert nmcli.ran == [["-t", "-f", "RUNNING", "general"]] and wifi.join() is None
    with pytest.raises(NetworkError, match="not installed"):
        wifi.use("own")


def test_the_join_code_is_the_standard_wifi_qr_text_with_special_characters_escaped():
    assert join_code("Ada's table", "abcd-efgh-jkmn") == "WIFI:T:WPA;S:Ada's table;P:abcd-efgh-jkmn;;"
    assert join_code("A;B", 'p:"q') == 'WIFI:T:WPA;S:A\\;B;P:p\\:\\"q;;'


def test_on_the_own_wifi_a_captive_portal_check_is_sent_to_the_pairing_page(make_runtime):
    """Whatever name a phone's check asks for (the DNS answers the box), the panel sends it to /pair at
    the box's address, and shows it nothing else; off the own network a foreign name is refused as before."""
    from companion import settings
    from web_panel.app import Box, create_app

    class OwnUp:
        def address(self):
            return "10.42.0.1"

    app = create_app(Box(settings.load(None), make_runtime(), wifi=OwnUp()))
    client = app.test_client()
    for host, path in (("connectivitycheck.gstatic.com", "/generate_204"), ("captive.apple.com", "/hotspot-detect.html"),
                       ("evil.example", "/api/state")):
        answer = client.get(path, headers={"Host": host})
        assert answer.status_code == 302 and answer.headers["Location"] == "http://10.42.0.1:8080/pair", host
        assert answer.get_data() == b"" or b"Redirecting" in answer.get_data()
    assert create_app(Box(settings.load(None), make_runtime())).test_client().get(
        "/api/state", headers={"Host": "evil.example"}).status_code == 400


def test_the_settings_page_switches_the_network_and_keeps_the_choice(make_runtime, tmp_path):
    from companion import settings
    from phone import paired_phone, serving
    from web_panel.app import Box, create_app

    nmcli = Switching(with_own(HOME), on_air="Home\\:5G\n")
    wifi = OwnWifi(Network(nmcli), {"mode": "auto", "name": "Ada"})
    wifi._start()  # at home: a saved network is in reach, nothing opened
    assert wifi.state()["in_use"] == "home" and not nmcli.secrets
    app = create_app(Box(settings.load(None), make_runtime(), settings_file=tmp_path / "settings.toml", wifi=wifi))
    with serving(app) as port:
        phone = paired_phone(app, port)
        status, body = phone.get("/api/network")
        assert status == 200 and body["in_use"] == "home" and body["ssid"] == "Home:5G"
        assert body["own_ssid"] == "Ada table" and body["passphrase"] is None  # none until it is up
        status, body = phone.post("/api/network", {"use": "own"})
        assert status == 200 and body["in_use"] == "own"
        assert phone.get("/api/network")[1]["passphrase"] == nmcli.secrets[0][0].split(":")[1].strip()
        assert settings.load(tmp_path / "settings.toml")["network"]["mode"] == "own"  # the next start too
        assert phone.post("/api/network", {"use": "elsewhere"})[0] == 400

    (tmp_path / "sim").mkdir()  # a box of its own (its journal's folder has no record of a host): its first phone hosts
    sim = create_app(Box(settings.load(None), make_runtime(tmp_path / "sim" / "journal.sqlite3")))
    with serving(sim) as port:
        phone = paired_phone(sim, port)
        assert phone.get("/api/network")[1]["ok"] is False
        status, body = phone.post("/api/network", {"use": "own"})
        assert status == 409 and "leaves this machine's network alone" in body["error"]


def _own_wifi_as_root(tmp_path, settings):
    """`companion own-wifi --data-dir DATA` against an nmcli on the PATH that answers as NetworkManager would
    and keeps what it was asked in nmcli.log, `settings(DATA / "settings.toml")` having made the settings
    file: (the run, the data directory)."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "nmcli").write_text(f"""#!/bin/sh
echo "$@" >> {tmp_path}/nmcli.log
case "$*" in
  "-t -f RUNNING general") echo running ;;
  "-t -f DEVICE,TYPE device") echo "wlan0:wifi" ;;
  "-t -f NAME connection show") echo preconfigured ;;
  "connection add"*) echo "Connection successfully added" ;;
  *) echo "unexpected" >&2; exit 8 ;;
esac
""")
    (fake / "nmcli").chmod(0o755)
    data = tmp_path / "data"
    data.mkdir()
    settings(data / "settings.toml")
    env = dict(os.environ, PATH=f"{fake}:{os.environ['PATH']}")
    done = subprocess.run([sys.executable, "-m", "companion", "own-wifi", "--data-dir", str(data)], cwd=root, env=env,
                          capture_output=True, text=True, timeout=60)
    return done, data


def test_companion_own_wifi_makes_the_connection_as_root_with_no_saved_passphrase(tmp_path):
    """The connection is made with the settings' name and the passphrase never saved (each opening gives its
    own), and no passphrase file in the data directory."""
    done, data = _own_wifi_as_root(tmp_path, lambda path: path.write_text('[network]\nname = "Ada"\n'))
    assert done.returncode == 0 and "The companion's own Wi-Fi “Ada table” is made" in done.stdout, done.stderr
    assert sorted(p.name for p in data.iterdir()) == ["settings.toml"]
    added = next(line for line in (tmp_path / "nmcli.log").read_text().splitlines() if line.startswith("connection add"))
    assert f"con-name {OWN}" in added and "ssid Ada table" in added and "wifi-sec.psk-flags 2" in added
    assert "wifi-sec.psk " not in added


def test_companion_own_wifi_as_root_never_reads_the_settings_through_a_link(tmp_path):
    """The companion's user owns the data directory: a settings.toml it made a link to a file only root reads
    is refused (its name would have shown that file's words as the network's name), and nothing is made."""
    secret = tmp_path / "root-only.toml"
    secret.write_text('[network]\nname = "rootsecret"\n')
    secret.chmod(0o600)
    done, _ = _own_wifi_as_root(tmp_path, lambda path: path.symlink_to(secret))
    assert done.returncode == 1 and "settings.toml is a link" in done.stderr, done.stderr
    assert "rootsecret" not in done.stdout + done.stderr
    assert not (tmp_path / "nmcli.log").exists()  # refused before NetworkManager was asked anything
