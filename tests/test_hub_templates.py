"""The hub's pages in Italian (deploy/hub/templates): each rendered by Jinja2 alone, with the loader
JupyterHub builds (jupyterhub/app.py, init_tornado_settings) and the one NativeAuthenticator
adds after it (nativeauthenticator/handlers.py, LocalBase), with stand-ins for what the
handlers pass (BaseHandler.template_namespace and each handler's render_template). No hub,
no server, no browser.

For each page: it renders (sync and async, as the hub has both environments), says its
Italian words, shows none of the English a child could meet, and keeps the ids, names and
addresses the handlers, JupyterHub's scripts and the browser test rely on. Each message of
NativeAuthenticator's handlers is shown in Italian: the strings copied from handlers.py, and
the same strings as the installed handlers make them (their code run on a stand-in), so
that an upgrade changing a message fails here."""

from __future__ import annotations

import asyncio
import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("jupyterhub")
pytest.importorskip("nativeauthenticator")

from jinja2 import ChoiceLoader, Environment, FileSystemLoader, PrefixLoader  # noqa: E402
from jupyterhub._data import DATA_FILES_PATH  # noqa: E402
from nativeauthenticator import handlers as native  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
HUB_TEMPLATES = ROOT / "deploy" / "hub" / "templates"
#: JupyterHub's own templates, as JupyterHub._template_paths_default makes the path.
JUPYTERHUB_TEMPLATES = os.path.join(DATA_FILES_PATH, "templates")
NATIVE_TEMPLATES = native.TEMPLATE_DIR
MINIMUM = 6   # c.NativeAuthenticator.minimum_password_length in deploy/hub/jupyterhub_config.py

if not os.path.isdir(JUPYTERHUB_TEMPLATES):  # pragma: no cover (a broken installation)
    pytest.skip(f"JupyterHub's templates are missing ({JUPYTERHUB_TEMPLATES})",
                allow_module_level=True)


def environment(enable_async: bool = False) -> Environment:
    """The hub's Jinja environment: JupyterHub's loader (the hub's template_paths, then its
    own templates, and its own again under «templates/»), inside NativeAuthenticator's."""
    hub = ChoiceLoader([
        PrefixLoader({"templates": FileSystemLoader([JUPYTERHUB_TEMPLATES])}, "/"),
        FileSystemLoader([str(HUB_TEMPLATES), JUPYTERHUB_TEMPLATES]),
    ])
    loader = ChoiceLoader([hub, FileSystemLoader([NATIVE_TEMPLATES])])
    return Environment(loader=loader, autoescape=True, enable_async=enable_async)


SYNC = environment()
ASYNC = environment(enable_async=True)


def static_url(path, include_version=True, **kwargs):
    return "/hub/static/" + path + ("?v=test" if include_version else "")


class User:
    """What the templates read of jupyterhub.user.User."""

    def __init__(self, name: str, admin: bool = False, named=()):
        self.name = name
        self.admin = admin
        self.json_escaped_name = json.dumps(name)[1:-1]
        self.escaped_name = name
        self.url = f"/user/{name}/"
        self.spawner = SimpleNamespace(name="", options_form=None, active=False, ready=False)
        self._named = list(named)

    def all_spawners(self, include_default=True):
        return iter(([self.spawner] if include_default else []) + self._named)

    def server_url(self, server_name=""):
        return f"/user/{self.name}/{server_name}/" if server_name else self.url


CHILD = User("sofia")
TEACHER = User("maestra")         # not the hub's admin: her class's scope (class_admin.py)


def namespace(user=CHILD, **extra) -> dict:
    """BaseHandler.template_namespace, and the xsrf_token render_template adds."""
    ns = dict(base_url="/hub/", prefix="/", user=user, login_url="/hub/login",
              login_service="", logout_url="/hub/logout", static_url=static_url,
              version_hash="test", services=[],
              parsed_scopes={},
              expanded_scopes={"custom:dama-classe:manage"} if user is TEACHER else set(), xsrf="XSRF-TOKEN", xsrf_token="XSRF-TOKEN")
    ns.update(extra)
    return ns


def render(name: str, user=CHILD, env: Environment = SYNC, **extra) -> str:
    template = env.get_template(name)
    if env.is_async:
        return asyncio.run(template.render_async(**namespace(user, **extra)))
    return template.render(**namespace(user, **extra))


def render_page(page: str, env: Environment = SYNC, **extra) -> str:
    """A page of PAGES (below) with what its handler passes, and `extra`."""
    context = dict(PAGES[page])
    context.update(extra)
    user = context.pop("user", CHILD)
    return render(page, user, env, **context)


class _Visible(HTMLParser):
    """The words a page shows: its text (not its scripts), and the attributes a person sees
    or hears (buttons' values, placeholders, tooltips, alternative texts, labels)."""

    HIDDEN = {"script", "style", "noscript"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self.ids: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.append(attrs["id"])
        if tag in self.HIDDEN:
            self._hidden += 1
            return
        if tag == "input" and attrs.get("type") in ("submit", "button", "reset"):
            self.words.append(attrs.get("value") or "")
        for name in ("placeholder", "title", "alt", "aria-label"):
            if attrs.get(name):
                self.words.append(attrs[name])

    def handle_endtag(self, tag):
        if tag in self.HIDDEN:
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden:
            self.words.append(data)


def visible(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    parser.close()
    return re.sub(r"\s+", " ", " ".join(parser.words)).strip()


def ids(html: str) -> list[str]:
    parser = _Visible()
    parser.feed(html)
    parser.close()
    return parser.ids


#: English a child could meet on a page of the hub (whole words, as written).
ENGLISH = [
    "Sign Up", "Sign up", "Sign In", "Username", "Password:", "Old password",
    "New password", "Confirm password", "Confirm new password", "Create User", "Authorize",
    "Unauthorize", "Authorization area", "Authorize Users", "Discard", "Is authorized",
    "Has 2FA", "Yes", "Your server", "Your password", "Your information", "Logout", "Login",
    "Log in", "Home", "Services", "Admin", "Change Password", "Change password",
    "Stop My Server", "My Server", "Start", "Launch", "Relaunch", "Spawn failed",
    "Server not running", "Something went wrong", "Please", "Warning", "Attention",
    "has been", "was already", "Invalid URL", "Not Found", "Forbidden", "Service Unavailable",
    "Internal Server Error", "Jupyter has lots of moons", "Named Servers", "Would you like",
    "Event log", "refresh", "Error", "Complete", "dark mode", "Never", "The signup",
    "try again", "If you are authorized", "with an existing user", "to create a new user",
    "Toggle navigation", "Close",
]

#: Words of JupyterHub's page outside any block, which a script of ours says in Italian
#: (the script must be on the page): the box shown when a request of the page fails.
FIXED_BY_SCRIPT = {"Error": 'title.textContent = "Qualcosa non va"',
                   "Close": 'setAttribute("aria-label", "Chiudi")',
                   "Toggle navigation": 'setAttribute("aria-label", "Apri o chiudi il menu")'}
#: The same for the words of one page.
FIXED_ON_PAGE = {
    "spawn_pending.html": {"Event log": 'summary.textContent = "Dettagli"',
                           "Complete": 'textContent = " completato"'},
    "stop_pending.html": {"refresh": 'button.textContent = "Ricarica"'},
}


def english_shown(html: str, page: str) -> list[str]:
    """The English words the page shows, once the words our scripts change are set aside."""
    text = visible(html)
    for english, script in {**FIXED_BY_SCRIPT, **FIXED_ON_PAGE.get(page, {})}.items():
        assert script in html, f"{page}: the script saying «{english}» in Italian is missing"
        text = re.sub(_whole(english), "", text, count=1)
    return [word for word in ENGLISH if re.search(_whole(word), text)]


def _whole(word: str) -> str:
    """`word` as a whole word (a boundary where it begins or ends with a letter)."""
    return ((r"\b" if word[0].isalnum() else "") + re.escape(word)
            + (r"\b" if word[-1].isalnum() else ""))


def test_the_templates_folder_is_the_one_the_hub_is_given():
    config = (ROOT / "deploy" / "hub" / "jupyterhub_config.py").read_text(encoding="utf-8")
    assert 'c.JupyterHub.template_paths = [str(HERE / "templates")]' in config
    assert HUB_TEMPLATES.is_dir()


#: Pieces of our own that the pages include (no original to credit).
OWN = {"show-password.html", "classe.html"}


def test_each_template_credits_its_original():
    for path in sorted(HUB_TEMPLATES.glob("*.html")):
        head = path.read_text(encoding="utf-8")[:800]
        if path.name in OWN:
            assert head.startswith("{#-"), path.name
            continue
        assert head.startswith("{#-"), path.name
        head = " ".join(head.split())
        assert "BSD-3-Clause" in head, path.name
        assert ("the JupyterHub contributors" in head
                or "the Jupyter Development Team" in head), path.name


def test_our_pages_come_first_and_extend_the_originals():
    for name in ("page.html", "signup.html", "change-password.html", "native-login.html",
                 "home.html", "spawn_pending.html", "stop_pending.html", "not_running.html",
                 "error.html", "404.html"):
        assert Path(SYNC.get_template(name).filename).parent == HUB_TEMPLATES, name
    for name in ("page.html", "error.html", "404.html", "spawn_pending.html",
                 "stop_pending.html", "not_running.html"):
        source = (HUB_TEMPLATES / name).read_text(encoding="utf-8")
        assert f'{{% extends "templates/{name}" %}}' in source, name


# Each page the hub shows a child or the teacher, with what its handler passes.
PAGES = {
    "page.html": dict(),
    "native-login.html": dict(user=None, next="", username="", login_error=None,
                              custom_html="", enable_signup=True, two_factor_auth=False,
                              authenticator_login_url="/hub/login?next="),
    "signup.html": dict(user=None, ask_email=False, two_factor_auth=False, recaptcha_key=None,
                        tos=None),
    "change-password.html": dict(user_name="sofia"),
    "home.html": dict(url="/hub/spawn/sofia", allow_named_servers=False,
                      named_server_limit_per_user=0, spawners=[], auth_state=None,
                      default_server=SimpleNamespace(active=True), url_path_join=os.path.join),
    "spawn_pending.html": dict(spawner=CHILD.spawner, auth_state=None,
                               progress_url="/hub/api/users/sofia/server/progress?_xsrf=X"),
    "stop_pending.html": dict(spawner=CHILD.spawner, auth_state=None,
                              progress_url="/hub/api/users/sofia/server/progress?_xsrf=X"),
    "not_running.html": dict(server_name="", spawn_url="/hub/spawn/sofia?next=%2Fuser%2Fsofia",
                             auth_state=None, implicit_spawn_seconds=1),
    "error.html": dict(status_code=403, status_message="Forbidden",
                       message="Action is not authorized with current scopes",
                       message_html="", extra_error_html="", exception=None),
    "404.html": dict(status_code=404, status_message="Not Found", message="",
                     message_html="", extra_error_html="", exception=None),
}

ITALIAN = {
    "page.html": ["Inizio", "Cambia la password", "Esci", "Corso di dama"],
    "native-login.html": ["Entra nel corso di dama", "Il tuo nome:", "Registrati", "Entra"],
    "signup.html": ["Crea il tuo account", "Il tuo nome:", "«sofia»", "«luca-b»",
                    "Scegli una password:", "Scrivi di nuovo la password:", "Mostra",
                    "Crea l'account", "Hai già un account? Entra",
                    "Attenzione: questa pagina non usa https"],
    "change-password.html": ["Cambia la tua password", "La password di adesso:",
                             "La password nuova:", "Scrivi di nuovo la password nuova:",
                             "Mostra", "chiedi alla maestra"],
    "home.html": ["Apri il mio corso", "Ferma il mio corso"],
    "spawn_pending.html": ["Il tuo corso si sta aprendo…", "Tra un momento sei dentro."],
    "stop_pending.html": ["Il tuo corso si sta fermando."],
    "not_running.html": ["Il tuo corso è fermo", "Ripartirà da solo fra un attimo: se non "
                         "succede, tocca il pulsante.", "Apri il corso"],
    "error.html": ["403 : Non permesso", "Questa pagina non è per il tuo account.",
                   "Dettagli per la maestra", "Torna al corso"],
    "404.html": ["404 : Pagina non trovata", "Questa pagina non c'è.", "Torna al corso"],
}


@pytest.mark.parametrize("env", [SYNC, ASYNC], ids=["sync", "async"])
@pytest.mark.parametrize("page", sorted(PAGES))
def test_each_page_renders_in_italian(page, env):
    html = render_page(page, env)
    text = visible(html)
    for words in ITALIAN[page]:
        assert words in text, f"{page}: «{words}» is missing"
    assert english_shown(html, page) == [], page
    # The page says it is in Italian, before anything is shown.
    head = html.split("</head>")[0]
    assert 'document.documentElement.lang = "it";' in head
    found = ids(html)
    assert len(found) == len(set(found)), f"{page}: an id twice: {found}"


def test_the_bar_for_a_child_the_teacher_and_a_stranger():
    child = render("page.html", CHILD)
    text = visible(child)
    assert "Inizio" in text and "Cambia la password" in text and "sofia" in text
    assert 'href="/hub/home"' in child and 'href="/hub/change-password"' in child
    assert 'id="logout"' in child and 'href="/hub/logout"' in child
    # No token page, no admin page; the class's accounts are the teacher's alone.
    for adults in ("Token", "Amministrazione", "La classe"):
        assert adults not in text
    assert 'href="/hub/token"' not in child and 'href="/hub/classe"' not in child
    teacher = render("page.html", TEACHER)
    text = visible(teacher)
    for words in ("Inizio", "La classe", "Cambia la password", "Esci"):
        assert words in text
    assert "Token" not in text and "Amministrazione" not in text
    assert 'href="/hub/classe"' in teacher and 'href="/hub/admin"' not in teacher
    stranger = render("page.html", None)
    assert 'id="login"' in stranger and "Entra" in visible(stranger)
    assert "Cambia la password" not in visible(stranger)
    service = SimpleNamespace(name="statistiche", href="/services/statistiche/")
    with_service = visible(render("page.html", TEACHER, services=[service]))
    assert "Servizi" in with_service and "statistiche" in with_service


def test_the_signup_form_keeps_what_the_handler_and_the_tests_read():
    html = render_page("signup.html")
    for kept in ('id="username_input"', 'name="username"', 'id="password_input"',
                 'name="signup_password"', 'id="password_confirmation_input"',
                 'name="signup_password_confirmation"', 'id="signup_submit"',
                 'type="submit"', 'name="_xsrf" value="XSRF-TOKEN"', 'id="eye"',
                 "id='insecure-login-warning'", 'href="/hub/login"', 'id="login-main"'):
        assert kept in html, kept
    # The warning on http only off the computer itself, as on the login page.
    assert r"!/^(127\.|localhost)/.test(window.location.hostname)" in html
    assert 'button.textContent = show ? "Nascondi" : "Mostra"' in html
    # Every option of NativeAuthenticator still in Italian.
    html = render("signup.html", None, ask_email=True, two_factor_auth=True,
                  recaptcha_key="chiave", tos="Accetto le <b>regole</b> della classe.",
                  alert="alert-success", result_message="Your information has been sent "
                  "to the admin.", two_factor_auth_user=True, two_factor_auth_value="ABC123")
    text = visible(html)
    for words in ("La tua email:", "Attiva l'accesso in due passaggi (2FA)",
                  "Il tuo codice 2FA è ABC123", "Accetto le regole della classe."):
        assert words in text
    assert 'id="email_input"' in html and 'id="2fa"' in html and 'id="tos_check"' in html
    assert 'data-sitekey="chiave"' in html and "disabled" in html
    assert english_shown(html, "signup.html") == []


# NativeAuthenticator's messages (nativeauthenticator/handlers.py), copied exactly, and what
# the child reads instead.
SIGNUP_MESSAGES = {
    "You failed the reCAPTCHA. Please try again":
        "La prova «non sono un robot» non è riuscita: riprova.",
    "Something went wrong!\nIt appears that this username is already in use. Please try "
    "again with a different username.":
        "Questo nome c'è già: scegline un altro (per esempio aggiungi l'iniziale del "
        "cognome: sofia-r).",
    "Your password did not match the confirmation. Please try again.":
        "Le due password non sono uguali: riprova.",
    "Something went wrong!\nBe sure your username does not contain spaces, commas or "
    f"slashes, your password has at least {MINIMUM} characters and is not too common.":
        "Qualcosa non va: il nome può avere solo lettere minuscole senza accenti, numeri, - "
        f"e _ (niente spazi), e la password almeno {MINIMUM} caratteri e non troppo facile.",
    "Something went wrong!\nBe sure your username does not contain spaces, commas or "
    "slashes and your password is not too common.":
        "Qualcosa non va: il nome può avere solo lettere minuscole senza accenti, numeri, - "
        "e _ (niente spazi), e la password non troppo facile.",
    "The signup was successful! You can now go to the home page and log in to the system.":
        "Fatto! Ora puoi entrare con il tuo nome e la tua password.",
    "Your information has been sent to the admin.":
        "Fatto! Ora la maestra deve approvare il tuo account: chiedi a lei, poi entra.",
    "The signup was successful! Check your email to authorize your access.":
        "Fatto! Ora guarda la tua email: c'è un link per attivare il tuo account.",
}

CHANGE_PASSWORD_MESSAGES = {
    "Your current password was incorrect. Please try again.":
        "La password di adesso non è giusta: riprova.",
    "Your new password didn't match the confirmation. Please try again.":
        "Le due password nuove non sono uguali: riprova.",
    "Your password has been changed successfully!":
        "Fatto! La prossima volta entra con la password nuova.",
    f"Something went wrong!\nBe sure your new password has at least {MINIMUM} characters "
    "and is not too common.":
        f"Qualcosa non va: la password nuova deve avere almeno {MINIMUM} caratteri e non "
        "essere troppo facile.",
    "Something went wrong!\nBe sure your new password is not too common.":
        "Qualcosa non va: questa password è troppo facile, scegline un'altra.",
}

def _alert(html: str) -> str:
    match = re.search(r'<(?:div|p) class="(?:alert [^"]*|login_error)"[^>]*>(.*?)</(?:div|p)>',
                      html, re.S)
    assert match, "no alert on the page"
    return visible(match.group(1))


@pytest.mark.parametrize("english", sorted(SIGNUP_MESSAGES))
def test_each_signup_message_in_italian(english):
    html = render_page("signup.html", alert="alert-info",
                  result_message=english)
    assert _alert(html) == SIGNUP_MESSAGES[english]
    assert english.split("\n")[-1] not in visible(html)
    assert english_shown(html, "signup.html") == []
    assert re.search(r'<div class="alert alert-info" role="alert">', html)


def test_a_reserved_name_is_said_to_be_one_not_to_take():
    """The message deploy/hub/class_admin.py's sign-up handler gives (NAME_NOT_HERE)."""
    html = render_page("signup.html", alert="alert-danger",
                       result_message="This name cannot be used here")
    assert _alert(html) == ("Questo nome non si può usare qui: scegline un altro (per esempio "
                            "il tuo nome con l'iniziale del cognome: sofia-r).")
    assert english_shown(html, "signup.html") == []


def test_the_minimum_length_is_read_from_the_message():
    english = ("Something went wrong!\nBe sure your username does not contain spaces, commas "
               "or slashes, your password has at least 8 characters and is not too common.")
    html = render_page("signup.html", alert="alert-danger",
                  result_message=english)
    assert "la password almeno 8 caratteri e non troppo facile." in _alert(html)


def test_a_message_nobody_translated_is_shown_as_it_is():
    html = render_page("signup.html", alert="alert-danger",
                  result_message="A message of a later NativeAuthenticator <b>")
    assert _alert(html) == "A message of a later NativeAuthenticator <b>"
    assert "&lt;b&gt;" in html


def test_each_change_password_message_in_italian():
    page, messages = "change-password.html", CHANGE_PASSWORD_MESSAGES
    for english, italian in messages.items():
        for alert in ("alert-success", "alert-danger"):
            html = render_page(page, alert=alert, result_message=english)
            assert _alert(html) == italian, english
            assert english_shown(html, page) == [], english
            assert f'<div class="alert {alert} col-xs-6" role="alert">' in html
    html = render_page(page)
    for kept in ('id="new_password_input"', 'name="new_password"',
                 'id="new_password_confirmation_input"', 'name="new_password_confirmation"',
                 'id="signup_submit"', 'name="_xsrf" value="XSRF-TOKEN"', 'id="eye"'):
        assert kept in html, kept
    if page == "change-password.html":
        assert 'id="old_password_input"' in html and 'name="old_password"' in html
    assert 'role="alert"' not in html


def test_home_keeps_the_buttons_home_js_reads():
    html = render_page("home.html")
    assert re.search(r'<a id="stop" role="button" class="btn btn-lg btn-danger">', html)
    assert re.search(r'<a id="start"\s+role="button"\s+class="btn btn-lg btn-primary"\s+'
                     r'href="/hub/spawn/sofia">', html)
    assert 'require(["home"]);' in html
    # Stopped: no stop button, the same words to open it.
    html = render_page("home.html", default_server=SimpleNamespace(active=False))
    assert 'id="stop"' not in html and "Apri il mio corso" in visible(html)
    # What home.js writes after a stop, said in Italian by the page's script.
    assert '"Start My Server": "Apri il mio corso"' in html
    # The named servers (not used by this hub) in Italian too.
    torneo = SimpleNamespace(name="torneo", ready=False, last_activity=None, active=False)
    html = render_page("home.html", user=User("sofia", named=[torneo]),
                       default_server=SimpleNamespace(active=False), allow_named_servers=True,
                       named_server_limit_per_user=2)
    text = visible(html)
    for words in ("Server con un nome", "fino a 2", "Aggiungi un server", "Mai", "apri",
                  "cancella"):
        assert words in text
    assert english_shown(html, "home.html") == []
    assert 'id="start-torneo"' in html and 'href="/hub/spawn/sofia/torneo"' in html


def test_the_course_that_did_not_start():
    html = render("not_running.html", server_name="", spawn_url="/hub/spawn/sofia",
                  auth_state=None, failed=True, failed_html_message="",
                  failed_message="Timeout", exception=None)
    text = visible(html)
    assert "Il corso non è partito" in text and "Riprova" in text
    assert "Per la maestra: Timeout" in text
    assert english_shown(html, "not_running.html") == []
    assert re.search(r'<a id="start" role="button" class="btn btn-lg btn-primary" '
                     r'href="/hub/spawn/sofia">', html)
    # Without the hub starting it by itself (implicit_spawn_seconds 0).
    html = render("not_running.html", server_name="", spawn_url="/hub/spawn/sofia",
                  auth_state=None)
    assert "Tocca il pulsante per aprirlo." in visible(html)
    assert "implicit_spawn_seconds" not in html


def test_the_progress_messages_are_said_in_italian():
    html = render_page("spawn_pending.html")
    # JupyterHub's own script and the ids it writes to, kept.
    for kept in ('id="progress-bar"', 'id="progress-message"', 'id="progress-log"',
                 'id="progress-details"', "new EventSource"):
        assert kept in html
    # Each message the hub sends while a server starts (jupyterhub/spawner.py,
    # jupyterhub/apihandlers/users.py) has its Italian.
    for english, italian in (("Server requested", "Sto preparando il tuo corso…"),
                             ("Spawning server", "Il tuo corso si sta avviando…"),
                             ("Server ready at", "Pronto! Ti porto nel corso…"),
                             ("Spawn cancelled", "L'apertura del corso è stata fermata."),
                             ("Spawn failed", "Il corso non è partito: chiama la maestra.")):
        assert english in html and italian in html


@pytest.mark.parametrize("code, reason, message, italian", [
    (403, "Forbidden", "XSRF cookie does not match POST argument",
     "Questa pagina era aperta da tanto tempo: ricaricala e riprova."),
    (403, "Forbidden", "", "Questa pagina non è per il tuo account."),
    (500, "Internal Server Error", "",
     "Qualcosa si è rotto: ricarica la pagina fra poco; se succede ancora, chiama la maestra."),
    (503, "Service Unavailable", "",
     "Il corso non risponde in questo momento: ricarica la pagina tra poco."),
    (502, "Bad Gateway", "",
     "Il corso non risponde in questo momento: ricarica la pagina tra poco."),
    (418, "I'm a Teapot", "Un messaggio del server", "Un messaggio del server"),
])
def test_the_error_page(code, reason, message, italian):
    html = render("error.html", CHILD, status_code=code, status_message=reason,
                  message=message, message_html="", extra_error_html="", exception=None)
    text = visible(html)
    assert italian in text and "Torna al corso" in text
    assert 'href="/hub/home"' in html
    if code == 418:
        assert f"{code} : {reason}" in text
    else:
        assert reason not in text
    # The hub's error page has no login button; the detail for the teacher stays folded.
    assert 'id="logout"' not in html
    assert ("Dettagli per la maestra" in text) == (bool(message) and code != 418)


def test_the_proxys_503_folds_its_english_for_the_teacher():
    html = render("error.html", None, status_code=503, status_message="Service Unavailable",
                  message_html="Your server appears to be down. Try restarting it "
                               "<a href='/hub/home'>from the hub</a>", logo_url="/hub/home")
    details = re.search(r"<details[^>]*>(.*?)</details>", html, re.S).group(1)
    assert "Your server appears to be down" in details
    outside = html.replace(details, "")
    assert english_shown(outside, "error.html") == []


def test_the_404_page():
    html = render_page("404.html")
    assert "Jupyter has lots of moons" not in html
    assert 'href="/hub/home">Torna al corso</a>' in html


# The messages as the installed handlers make them: their own code, run on a stand-in.

class _Authenticator:
    def __init__(self, minimum=MINIMUM, open_signup=False, valid="vecchia", changes=True):
        self.minimum_password_length = minimum
        self.open_signup = open_signup
        self._valid, self._changes = valid, changes

    def get_user(self, name):
        return SimpleNamespace(is_valid_password=lambda password: password == self._valid)

    def change_password(self, name, password):
        return self._changes


class _Handler:
    """What the handlers' code uses of a request handler."""

    def __init__(self, authenticator, arguments):
        self.authenticator = authenticator
        self.db = None
        self._arguments = arguments
        self.rendered: list[tuple[str, dict]] = []

    async def get_current_user(self):
        return SimpleNamespace(name="sofia")

    def get_body_argument(self, name, default=None, strip=True):
        return self._arguments.get(name, default)

    async def render_template(self, name, **ns):
        self.rendered.append((name, ns))
        return ""

    def finish(self, html):
        pass


def _run(method, authenticator, arguments, *args) -> dict:
    handler = _Handler(authenticator, arguments)
    asyncio.run(getattr(method, "__wrapped__", method)(handler, *args))
    [(_, ns)] = handler.rendered
    return ns


def test_the_copied_signup_messages_are_the_handlers():
    made = set()
    for minimum in (MINIMUM, 0):
        handler = SimpleNamespace(authenticator=_Authenticator(minimum))
        for user, human, taken, matches, admin in (
                (None, False, False, True, False), (None, True, True, True, False),
                (None, True, False, False, False), (None, True, False, True, False),
                (SimpleNamespace(login_email_sent=False), True, False, True, True),
                (SimpleNamespace(login_email_sent=False), True, False, True, False),
                (SimpleNamespace(login_email_sent=True), True, False, True, False)):
            alert, message = native.SignUpHandler.get_result_message(
                handler, user, human, taken, matches, admin)
            made.add(message)
    assert made == set(SIGNUP_MESSAGES)


def test_the_copied_change_password_messages_are_the_handlers():
    made = set()
    for old, new, confirmation, minimum, changes in (
            ("sbagliata", "nuova-1", "nuova-1", MINIMUM, True),
            ("vecchia", "nuova-1", "nuova-2", MINIMUM, True),
            ("vecchia", "nuova-1", "nuova-1", MINIMUM, True),
            ("vecchia", "corta", "corta", MINIMUM, False),
            ("vecchia", "12345", "12345", 0, False)):
        ns = _run(native.ChangePasswordHandler.post, _Authenticator(minimum, changes=changes),
                  {"old_password": old, "new_password": new,
                   "new_password_confirmation": confirmation})
        made.add(ns["result_message"])
    assert made == set(CHANGE_PASSWORD_MESSAGES)


def test_the_login_messages_the_login_page_maps_are_the_handlers():
    """native-login.html (already in Italian) tests for these words of LoginHandler."""
    import inspect
    source = inspect.getsource(native.LoginHandler)
    assert '"Invalid username or password."' in source
    assert '"by an administrator yet."' in source and "has not been authorized " in source
    html = render_page("native-login.html",
                       login_error="User sofia has not been authorized by an administrator yet.")
    assert "La maestra non ha ancora approvato il tuo nome" in _alert(html)
    assert english_shown(html, "native-login.html") == []
