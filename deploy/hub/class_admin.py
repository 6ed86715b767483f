"""The teacher's own class pages on the school's hub, and the accounts behind them.

The teacher is not the hub's administrator: she never needs to open a child's server (the
class page is on her own server, these pages on the hub's), so no child's page can ever run
with her session. What she does here, each a form sent by POST with the hub's XSRF token:

* make a class from a list of names in one step: each account approved, with a password a
  child can read and type (``rana-blu-37``), shown once on cards to print and cut;
* approve a child who signed up, or every child waiting at once;
* give a child a new password (a new card), which ends the child's sessions and server;
* take a child out, which ends the child's sessions and server at once, then archives (or
  deletes, as she chooses) the child's system user, home and copies in the class folder,
  so that a new child given the same name starts clean.

The teacher's own account is made when the hub starts for the first time (its password
given in ``$DAMA_HUB_TEACHER_PASSWORD`` or made and printed then), never by the first
visitor; it is never listed here, so she cannot lock herself out. Names that are the hub's
own, or whose system user would be another's (``insegnanti``: the teachers' group), are
refused at sign-up and here.
"""

from __future__ import annotations

import grp
import pwd
import re
import secrets
import shutil
import subprocess
import tarfile
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from jupyterhub.handlers import BaseHandler
from jupyterhub.utils import new_token
from nativeauthenticator import NativeAuthenticator
from nativeauthenticator.handlers import LoginHandler as NativeLoginHandler
from nativeauthenticator.handlers import SignUpHandler as NativeSignUpHandler
from nativeauthenticator.orm import UserInfo
from tornado import web

#: The scope that opens these pages: the teacher's role has it, no child's does.
MANAGE = "custom:dama-classe:manage"
#: What the hub writes in a course account's system user's comment (jupyterhub_config.py).
COMMENT = "Dama course account"
#: Names no child can take: the hub's own words, the adults', and names whose system user
#: (``dama-<name>``) would be one of the hub's groups.
RESERVED = frozenset({"admin", "root", "hub", "api", "user", "users", "services", "classe",
                      "maestra", "maestro", "insegnante", "insegnanti", "docente", "teacher",
                      "amministratore", "operatore"})
#: A child's password: an animal, a colour and a number, easy to read and type at seven
#: (40 × 15 × 90 = 54,000 of them; the login waits a minute after five wrong ones).
ANIMALS = ("ape", "aquila", "balena", "capra", "cane", "cavallo", "cervo", "cigno", "coniglio",
           "delfino", "drago", "elefante", "falco", "foca", "formica", "gallo", "gatto",
           "gufo", "koala", "leone", "lepre", "lupo", "lucertola", "mucca", "orso", "panda",
           "pecora", "pesce", "pinguino", "polpo", "rana", "riccio", "scoiattolo", "tartaruga",
           "tigre", "topo", "trota", "volpe", "zebra", "giraffa")
COLOURS = ("blu", "rosso", "verde", "giallo", "viola", "rosa", "nero", "bianco", "oro",
           "grigio", "arancio", "azzurro", "argento", "marrone", "lilla")


#: How an account's name is written: what a system user's name allows after ``dama-``.
NAME = r"[a-z][a-z0-9_-]{0,23}"

#: What a change just done said, kept for the page the teacher is sent to next.
SAID: dict[str, list[str]] = {}


def child_password() -> str:
    return f"{secrets.choice(ANIMALS)}-{secrets.choice(COLOURS)}-{secrets.randbelow(90) + 10}"


def account_name(written: str) -> str:
    """The account a name written by the teacher becomes: small letters without accents,
    digits, ``-`` and ``_`` (a system user's name). ``"Sofia Rossi"`` → ``"sofia-rossi"``.

    >>> account_name("  Niccolò D'Amico ")
    'niccolo-damico'
    """
    plain = unicodedata.normalize("NFKD", written).encode("ascii", "ignore").decode()
    plain = re.sub(r"\s+", "-", plain.strip().lower())
    return re.sub(r"[^a-z0-9_-]", "", plain)[:24]


@dataclass(frozen=True)
class ClassSettings:
    """Where the hub keeps a class (deploy/hub/jupyterhub_config.py reads them)."""

    teacher: str
    state: Path               # the hub's own files (root's alone)
    exchange: Path            # the class folder: a folder per child
    teacher_password: str = ""  # the teacher's first password, if given
    prefix: str = "dama-"     # a system user's name is the account's with this in front

    @property
    def archive(self) -> Path:
        """Where a child taken out is kept, if the teacher chooses."""
        return self.state / "archivio"

    def system_name(self, account: str) -> str:
        return self.prefix + account


def name_problem(settings: ClassSettings, name: str) -> str | None:
    """Why ``name`` cannot be a child's account here (None: it can), in the teacher's words."""
    if not re.fullmatch(NAME, name):
        return "un nome fatto di lettere senza accenti, cifre, - e _, che inizia con una lettera"
    if name in RESERVED or name == settings.teacher:
        return "è un nome riservato"
    system = settings.system_name(name)
    try:
        ours = pwd.getpwnam(system).pw_gecos.startswith(COMMENT)
    except KeyError:
        ours = None
    if ours is False:
        return "è il nome di un utente del computer"
    try:
        grp.getgrnam(system)
    except KeyError:
        return None
    # A course account's user has a group of its own name; any other group is not a child's.
    return None if ours else "è il nome di un gruppo del computer"


def end_system_user(settings: ClassSettings, account: str, keep: bool) -> Path | None:
    """The account's processes ended, its system user, home and class folder removed,
    archived first if ``keep`` (the archive's path)."""
    system = settings.system_name(account)
    subprocess.run(["pkill", "-KILL", "-u", system], check=False, capture_output=True)
    try:
        home: Path | None = Path(pwd.getpwnam(system).pw_dir)
    except KeyError:
        home = None
    folder = settings.exchange / account
    archive = None
    if keep and ((home and home.exists()) or folder.exists()):
        settings.archive.mkdir(parents=True, exist_ok=True, mode=0o700)
        archive = settings.archive / f"{account}-{time.strftime('%Y%m%d-%H%M%S')}.tar.gz"
        with tarfile.open(archive, "w:gz") as tar:
            if home and home.exists():
                tar.add(home, arcname=f"{account}/casa")
            if folder.exists():
                tar.add(folder, arcname=f"{account}/classe")
        archive.chmod(0o600)
    if home is not None:
        subprocess.run(["userdel", "--remove", system], check=False, capture_output=True)
    shutil.rmtree(folder, ignore_errors=True)
    return archive


class CourseAuthenticator(NativeAuthenticator):
    """NativeAuthenticator with the school's rules: the teacher's account made at the first
    start, names reserved, a locked login said as such, and the class pages instead of the
    administrator's pages."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.ensure_teacher()

    def class_settings(self) -> ClassSettings:
        return self.parent.tornado_settings["dama_class"]

    def ensure_teacher(self) -> None:
        """The teacher's account, approved, made at the hub's first start with the password
        given (``$DAMA_HUB_TEACHER_PASSWORD``) or a new one, written where root alone reads
        it and named in the hub's log (never the password itself)."""
        found = self.class_settings()
        if self.get_user(found.teacher) is not None:
            return
        password = found.teacher_password
        if not password:
            password = f"{child_password()}-{secrets.token_hex(3)}"
            note = found.state / f"password-{found.teacher}.txt"
            note.touch(mode=0o600)
            note.write_text(f"{found.teacher}\n{password}\n", encoding="utf-8")
            self.log.warning("L'account della maestra «%s» è fatto: la sua password è in %s "
                             "(cambiala al primo accesso).", found.teacher, note)
        self.db.add(UserInfo(username=found.teacher, is_authorized=True,
                             password=_hash(password)))
        self.db.commit()

    def validate_username(self, username: str) -> bool:
        return (super().validate_username(username)
                and (username == self.class_settings().teacher
                     or name_problem(self.class_settings(), username) is None))

    def get_handlers(self, app):
        kept = [(url, handler) for url, handler in super().get_handlers(app)
                if url == "/change-password"]
        return [(r"/login", LoginHandler), (r"/signup", SignUpHandler), *kept,
                (r"/classe", ClassHandler),
                (r"/token", NotHereHandler)]

    def delete_user(self, user):
        info = self.get_user(user.name)
        if info is not None:
            self.db.delete(info)
            self.db.commit()
        # NativeAuthenticator's own delete_user does the above too; the base class's is
        # called for the rest.
        return super(NativeAuthenticator, self).delete_user(user)


def _hash(password: str) -> bytes:
    import bcrypt

    return bcrypt.hashpw(password.encode(), bcrypt.gensalt())


class LoginHandler(NativeLoginHandler):
    """The login form, which says a locked name is locked (five wrong passwords: wait a
    minute) rather than that the password is wrong."""

    async def _render(self, login_error=None, username=None):
        if username and self.authenticator.is_blocked(self.authenticator.normalize_username(
                username)):
            login_error = "too many failed attempts: blocked for a minute"
        return await super()._render(login_error=login_error, username=username)


#: What the sign-up form is told of a name written right but not one a child can take
#: (templates/signup.html says it in Italian).
NAME_NOT_HERE = "This name cannot be used here"


class SignUpHandler(NativeSignUpHandler):
    """The sign-up form, which says a reserved name is not one to take, rather than that the
    name is written wrong."""

    def get_result_message(self, user, *args):
        alert, message = NativeSignUpHandler.get_result_message(self, user, *args)
        written = self.authenticator.normalize_username(
            self.get_body_argument("username", "", strip=False))
        problem = name_problem(self.authenticator.class_settings(), written)
        if user is None and "Be sure your username" in message and problem is not None \
                and re.fullmatch(NAME, written):
            message = NAME_NOT_HERE
        return alert, message


class NotHereHandler(BaseHandler):
    """A page of JupyterHub's the course does without (the tokens of the hub's API): not
    found, for every account."""

    def get(self, *args):
        raise web.HTTPError(404)


class TeacherHandler(BaseHandler):
    """A page of the teacher's: her account logged in, with the class scope."""

    @property
    def class_settings(self) -> ClassSettings:
        return self.settings["dama_class"]

    def teacher_only(self) -> None:
        if self.current_user is None:
            raise web.HTTPError(403)
        if MANAGE not in self.expanded_scopes:
            raise web.HTTPError(403, "Questa pagina è della maestra.")

    def children(self) -> list[UserInfo]:
        teacher = self.class_settings.teacher
        return sorted((info for info in UserInfo.all_users(self.db)
                       if info.username != teacher), key=lambda info: info.username)

    async def end_sessions(self, name: str) -> None:
        """The child logged out everywhere and the server stopped, at once."""
        user = self.find_user(name)
        if user is None:
            return
        for spawner in list(user.spawners.values()):
            if spawner.active and not spawner.pending:
                await self.stop_single_user(user, spawner.name)
        for token in list(user.orm_user.api_tokens):
            self.db.delete(token)
        user.orm_user.cookie_id = new_token()     # the hub's login cookie no longer opens
        self.db.commit()

    async def show(self, **found) -> None:
        html = await self.render_template(
            "classe.html", children=self.children(), teacher=self.class_settings.teacher,
            address=f"{self.request.protocol}://{self.request.host}/",
            cards=found.pop("cards", []), said=found.pop("said", []), **found)
        self.finish(html)


class ClassHandler(TeacherHandler):
    """/hub/classe: the class's accounts, and what the teacher does with them."""

    @web.authenticated
    async def get(self):
        self.teacher_only()
        await self.show(said=SAID.pop(self.get_query_argument("detto", ""), []))

    @web.authenticated
    async def post(self):
        self.teacher_only()
        action = self.get_body_argument("azione", "")
        # The cards are shown in the answer itself (their passwords are kept nowhere); the
        # other changes answer with a new page to go to, which a reload does not send again.
        if action == "crea":
            await self.show(**self.make_class(self.get_body_argument("nomi", "")))
            return
        if action == "password":
            await self.show(**await self.new_password(self.get_body_argument("nome", "")))
            return
        if action == "approva":
            said = self.approve(self.get_body_arguments("nome"))
        elif action == "approva-tutti":
            said = self.approve([info.username for info in self.children()
                                 if not info.is_authorized])
        elif action == "togli":
            keep = self.get_body_argument("archivio", "tieni") != "cancella"
            said = await self.take_out(self.get_body_argument("nome", ""), keep)
        else:
            raise web.HTTPError(400, "Azione sconosciuta.")
        key = secrets.token_urlsafe(8)
        SAID[key] = said
        self.redirect(f"{self.hub.base_url}classe?detto={key}")

    def make_class(self, written: str) -> dict:
        cards, said = [], []
        for line in written.splitlines():
            if not line.strip():
                continue
            name = account_name(line)
            problem = name_problem(self.class_settings, name)
            if problem is None and self.authenticator.get_user(name) is not None:
                problem = "c'è già"
            if problem:
                said.append(f"«{line.strip()}» non fatto: {problem}.")
                continue
            password = child_password()
            self.db.add(UserInfo(username=name, password=_hash(password), is_authorized=True))
            self.db.commit()
            cards.append((name, password))
        # One line for the accounts made (a class of 25 would push the cards off the page),
        # then one for each name not made, with why.
        made = ([f"Account fatti: {len(cards)} ({', '.join(name for name, _ in cards)})."]
                if cards else [])
        return {"cards": cards, "said": made + said}

    def approve(self, names: list[str]) -> list[str]:
        said = []
        for name in names:
            info = self.authenticator.get_user(name)
            if info is None or name == self.class_settings.teacher:
                continue
            info.is_authorized = True
            said.append(f"«{name}» approvato.")
        self.db.commit()
        return said

    async def new_password(self, name: str) -> dict:
        info = self.authenticator.get_user(name)
        if info is None or name == self.class_settings.teacher:
            raise web.HTTPError(404)
        password = child_password()
        info.password = _hash(password)
        self.db.commit()
        await self.end_sessions(name)
        return {"cards": [(name, password)],
                "said": [f"«{name}» ha una password nuova: la vecchia non apre più."]}

    async def take_out(self, name: str, keep: bool) -> list[str]:
        info = self.authenticator.get_user(name)
        if info is None or name == self.class_settings.teacher:
            raise web.HTTPError(404)
        await self.end_sessions(name)
        user = self.find_user(name)
        if user is not None:
            await user.delete_spawners()
            self.users.delete(user)
        self.db.delete(info)
        self.db.commit()
        archive = end_system_user(self.class_settings, name, keep)
        where = f" Le sue stelle sono archiviate in {archive}." if archive else ""
        return [f"«{name}» è uscito dalla classe.{where}"]
