"""The teacher's class pages on the school's hub (deploy/hub/class_admin.py), apart from a
running hub: the names a list becomes, the names refused, the children's passwords, and a
child's system user ended and archived. The pages themselves are walked in a real browser
against a real hub in tests/browser/test_hub.py."""

from __future__ import annotations

import doctest
import grp
import os
import pwd
import subprocess
import sys
import tarfile
from pathlib import Path
from types import SimpleNamespace

import pytest

HUB = Path(__file__).resolve().parents[1] / "deploy" / "hub"
sys.path.insert(0, str(HUB))

import class_admin  # noqa: E402
from class_admin import ClassSettings, account_name, child_password, name_problem  # noqa: E402


def test_the_modules_examples():
    assert doctest.testmod(class_admin).failed == 0


@pytest.mark.parametrize("written, name", [
    ("Sofia", "sofia"), ("Sofia R.", "sofia-r"), ("  Niccolò  Rossi ", "niccolo-rossi"),
    ("ANNA-MARIA", "anna-maria"), ("Zoë", "zoe"),
])
def test_a_written_name_becomes_an_account(written, name):
    assert account_name(written) == name


def settings(tmp_path: Path) -> ClassSettings:
    return ClassSettings(teacher="maestra", state=tmp_path / "state",
                         exchange=tmp_path / "classe", prefix="damaunit-")


@pytest.mark.parametrize("name", ["maestra", "insegnanti", "admin", "root", "classe", "hub"])
def test_the_hubs_own_names_are_refused(tmp_path, name):
    assert name_problem(settings(tmp_path), name) == "è un nome riservato"


class _SignUp:
    """What the sign-up handler's message reads of a request: the name written."""

    def __init__(self, tmp_path: Path, written: str, minimum: int = 8):
        found = settings(tmp_path)
        self.authenticator = SimpleNamespace(
            normalize_username=str.lower, class_settings=lambda: found,
            minimum_password_length=minimum, open_signup=False)
        self.written = written

    def get_body_argument(self, name, default=None, strip=True):
        return self.written if name == "username" else default


@pytest.mark.parametrize("written", ["maestra", "Insegnanti", "admin", "classe"])
def test_a_reserved_name_at_sign_up_is_said_to_be_one_not_to_take(tmp_path, written):
    """NativeAuthenticator refuses the name (validate_username) with its message about
    spaces and commas; the child reads that the name cannot be used here instead."""
    for minimum in (8, 0):
        alert, message = class_admin.SignUpHandler.get_result_message(
            _SignUp(tmp_path, written, minimum), None, True, False, True, False)
        assert (alert, message) == ("alert-danger", class_admin.NAME_NOT_HERE)


@pytest.mark.parametrize("written", ["sofia rossi", "1sofia", "sofia"])
def test_a_name_written_wrong_keeps_the_message_about_how_to_write_it(tmp_path, written):
    alert, message = class_admin.SignUpHandler.get_result_message(
        _SignUp(tmp_path, written), None, True, False, True, False)
    assert alert == "alert-danger" and "Be sure your username" in message
    # A name taken, or a sign-up that went through, is said as NativeAuthenticator says it.
    _, taken = class_admin.SignUpHandler.get_result_message(
        _SignUp(tmp_path, "maestra"), None, True, True, True, False)
    assert "already in use" in taken
    _, sent = class_admin.SignUpHandler.get_result_message(
        _SignUp(tmp_path, "sofia"), SimpleNamespace(login_email_sent=False), True, False, True,
        False)
    assert sent == "Your information has been sent to the admin."


@pytest.mark.parametrize("name", ["", "1sofia", "sofia rossi", "Sofia", "a" * 25, "sofia/x"])
def test_names_a_system_user_cannot_have_are_refused(tmp_path, name):
    assert "lettere senza accenti" in name_problem(settings(tmp_path), name)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="makes and removes a system user: run as root")
def test_a_name_whose_system_user_would_be_a_group_or_a_user_of_the_computer(tmp_path):
    found = settings(tmp_path)
    group = grp.getgrgid(os.getgid()).gr_name
    user = pwd.getpwuid(os.getuid()).pw_name
    as_group = ClassSettings(**{**found.__dict__, "prefix": ""})
    assert name_problem(as_group, group) in ("è il nome di un gruppo del computer",
                                             "è un nome riservato")
    assert name_problem(as_group, user) in ("è il nome di un gruppo del computer",
                                            "è il nome di un utente del computer",
                                            "è un nome riservato")
    assert name_problem(found, "sofia") is None
    system = found.system_name("sofia")                # a course account's own user and group
    subprocess.run(["useradd", "--no-create-home", "--comment", "Dama course account sofia",
                    system], check=True, capture_output=True)
    try:
        assert name_problem(found, "sofia") is None
    finally:
        subprocess.run(["userdel", system], capture_output=True)


def test_a_childs_password_is_easy_to_type_and_not_common():
    from nativeauthenticator import NativeAuthenticator

    common = NativeAuthenticator(add_new_table=False)
    passwords = {child_password() for _ in range(200)}
    assert len(passwords) > 190
    for password in passwords:
        animal, colour, number = password.split("-")
        assert animal in class_admin.ANIMALS and colour in class_admin.COLOURS
        assert 10 <= int(number) <= 99 and len(password) >= 6
        assert not common.is_password_common(password)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="makes and removes a system user: run as root")
def test_a_child_taken_out_leaves_an_archive_and_nothing_else(tmp_path):
    found = settings(tmp_path)
    system = found.system_name("sofia")
    subprocess.run(["userdel", "--remove", system], capture_output=True)
    subprocess.run(["useradd", "--create-home", "--shell", "/usr/sbin/nologin", "--comment",
                    "Dama course account sofia", system], check=True)
    home = Path(pwd.getpwnam(system).pw_dir)
    (home / "dama").mkdir()
    (home / "dama" / "sofia.sqlite").write_bytes(b"stelle")
    (found.exchange / "sofia").mkdir(parents=True)
    (found.exchange / "sofia" / "sofia.sqlite").write_bytes(b"copia")
    sleeper = subprocess.Popen(["runuser", "-u", system, "--", "sleep", "600"])
    while subprocess.run(["pgrep", "-u", system], capture_output=True).returncode != 0:
        assert sleeper.poll() is None                      # the user's process, started
    archive = class_admin.end_system_user(found, "sofia", keep=True)
    assert sleeper.wait(timeout=30) != 0                   # its processes ended
    with pytest.raises(KeyError):
        pwd.getpwnam(system)
    assert not home.exists() and not (found.exchange / "sofia").exists()
    with tarfile.open(archive) as tar:
        names = tar.getnames()
    assert "sofia/casa/dama/sofia.sqlite" in names and "sofia/classe/sofia.sqlite" in names
    assert archive.stat().st_mode & 0o777 == 0o600
    assert class_admin.end_system_user(found, "sofia", keep=True) is None   # nothing left


# -- what one child's server may take of the computer (deploy/hub/child_limits.py) ----------

import child_limits  # noqa: E402


def test_the_limits_are_read_from_the_environment_with_a_clear_refusal():
    found = child_limits.ChildLimits.from_environment({"DAMA_HUB_CHILD_MEMORY": "800"})
    assert found.memory == 800 << 20 and found.tasks == 256 and found.file_size == 64 << 20
    with pytest.raises(ValueError, match="DAMA_HUB_CHILD_TASKS='molti'"):
        child_limits.ChildLimits.from_environment({"DAMA_HUB_CHILD_TASKS": "molti"})


def run_limited(code: str, limits=child_limits.ChildLimits()) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], preexec_fn=limits.apply,
                          capture_output=True, text=True, timeout=120)


def test_two_gib_asked_by_a_childs_process_is_refused_and_the_process_goes_on():
    done = run_limited("try:\n    bytearray(2 << 30)\nexcept MemoryError:\n"
                       "    print('MemoryError')\nprint('still here', len(bytearray(10 << 20)))")
    assert done.stdout.split("\n")[:2] == ["MemoryError", f"still here {10 << 20}"], done


def test_a_file_past_the_limit_is_refused():
    done = run_limited("import os, tempfile\nfd, path = tempfile.mkstemp()\n"
                       "try:\n    for _ in range(100):\n        os.write(fd, b'0' * (1 << 20))\n"
                       "except OSError as error:\n    print(error.strerror)\n"
                       "finally:\n    os.unlink(path)")
    assert "File too large" in done.stdout or "too large" in done.stdout.lower(), done


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0
                    or not Path("/usr/bin/python3").exists(),
                    reason="the process count is per user: run as root, as a user of its own, "
                           "on the system's Python")
def test_processes_past_the_limit_are_refused():
    system = "damaunit-tasks"
    subprocess.run(["useradd", "--no-create-home", system], capture_output=True)
    user = pwd.getpwnam(system)
    limits = child_limits.ChildLimits(tasks=12)

    def limited_user():
        limits.apply()
        os.setgid(user.pw_gid)
        os.setuid(user.pw_uid)

    code = ("import subprocess\nstarted = []\ntry:\n    for _ in range(40):\n"
            "        started.append(subprocess.Popen(['sleep', '30']))\n"
            "except OSError as error:\n    print('refused after', len(started), error.strerror)\n"
            "for p in started:\n    p.kill()\n    p.wait()")
    try:
        done = subprocess.run(["/usr/bin/python3", "-c", code], preexec_fn=limited_user,
                              capture_output=True, text=True, timeout=120, cwd="/")
    finally:
        subprocess.run(["userdel", system], capture_output=True)
    assert done.stdout.startswith("refused after"), done
    assert int(done.stdout.split()[2]) < 12
