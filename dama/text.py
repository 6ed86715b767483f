"""What every page of the course shares: the languages, the student's name, the words
common to several pages, the error log, and a download link."""

import html
import json
import logging
import os

from damalib.i18n import CONTENT_LANGUAGES, N_, supported, translator
from dama.core.store.progress import dama_home, kept, read_best_stars, student_path

#: The languages the lessons are written in.
LANGS = CONTENT_LANGUAGES
DEFAULT_STUDENT = "studente"
#: Where a failed widget handler is written down (the child sees a kind message instead).
ERRORS_FILE = "errors.log"


def _log_errors_to_file():
    """Handler errors go to ``errors.log`` in the progress folder, never to the page."""
    logger = logging.getLogger("dama")
    if not any(getattr(h, "_dama", False) for h in logger.handlers):
        try:
            dama_home().mkdir(parents=True, exist_ok=True)
            handler = logging.FileHandler(dama_home() / ERRORS_FILE, encoding="utf-8",
                                          delay=True)
        except OSError:
            handler = logging.NullHandler()
        handler._dama = True
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        logger.addHandler(handler)
        logger.propagate = False


_log_errors_to_file()
#: The file, in the progress folder, that remembers the name typed in the index.
STUDENT_FILE = "course-student.json"

TEXT = {
    "playing_as": N_("Exercises for <b>{name}</b>: the stars are saved under this name (you can "
                     "change it in the index)."),
    "no_name": N_("You have not typed your name yet: type it in the index. For now the stars are "
                  "saved as “{name}”."),
    "lesson_stars": N_("Your stars in this lesson: {stars} out of {total}"),
    "stars_apart": N_("The exercises done in the lessons count; Practice has its own rating."),
    "exercise": N_("Exercise {n}"),
    "refresh": N_("Update the stars"),
    "all_stars": N_("You have every star of this lesson!"),
    "most_stars": N_("Well done! You can try the exercises again for the stars still missing."),
    "some_stars": N_("You can try the exercises again for more stars."),
    "no_stars": N_("No stars yet: try the exercises above!"),
    "your_name": N_("Your name:"),
    "download_mine": N_("Download my progress"),
    "download_why": N_("(to take it to another computer or give it to the teacher)"),
    "ask_name": N_("Before the exercises: what is your name? The stars are saved under it."),
    "later": N_("Later"),
    "name_ok": N_("That's me!"),
    "name_here": N_("type your name here"),
    "name_saved": N_("Hello {name}! Your stars are saved under this name."),
    # The computer remembers the last name typed: the next child is told how to change it.
    "not_you": N_("Not {name}? Delete the name in the box and type yours."),
    # On a school's server each child logs in: the name is the account's, not typed.
    "account_saved": N_("Hello {name}! Your stars are saved in your account."),
    "account_not_you": N_("Not {name}? <a href=\"{logout}\">Log out</a> and log in with your "
                          "own name."),
    "playing_as_account": N_("Exercises for <b>{name}</b>: the stars are saved in your "
                             "account."),
    "lesson": N_("Lesson"),
    "title": N_("Title"),
    "stars": N_("Stars"),
    "total": N_("Altogether"),
    "rating": N_("Practice"),
    "rating_title": N_("The Practice rating (Glicko-2), from each puzzle's first tries"),
    "first": N_("Start"),
    "back": N_("Back"),
    "forward": N_("Forward"),
    "last": N_("End"),
    "start_position": N_("Starting position"),
    "after": N_("After {number}{dots} {move}"),
    "level": N_("Computer level:"),
    "you_play": N_("You play:"),
    "white": N_("White"),
    "black": N_("Black"),
    # The still preview of a page (authoring/views.py), where Python will put a live part.
    "still_board": N_("The board is getting ready…"),
    "still_exercises": N_("The exercises are getting ready…"),
    "still_stars": N_("Your stars are coming in a moment."),
    "still_page": N_("This part is getting ready…"),
    "still_name": N_("In a moment you can type your name here."),
    # A part of a page that could not be made (written down in errors.log for the adult).
    "part_failed": N_("This part of the page did not start. Reload the page; if it happens again, "
                      "tell a grown-up."),
}


def _in(table, key, lang, **params):
    """The message ``table[key]`` (English, marked for the catalogues) in ``lang``, from its
    catalogue; Italian for a language the programs do not speak."""
    return translator(supported(lang))(table[key], **params)


def _t(key, lang, **params):
    return _in(TEXT, key, lang, **params)


# -- the student ----------------------------------------------------------------------------

def account():
    """The name a school's server logged the child in with (JupyterHub's ``$JUPYTERHUB_USER``,
    which it gives the child's server and kernels), or None on a computer of one's own."""
    return os.environ.get("JUPYTERHUB_USER", "").strip() or None


def logout_url():
    """Where the logged-in child logs out (the hub's page), for the next child at the
    computer."""
    return os.environ.get("JUPYTERHUB_BASE_URL", "/").rstrip("/") + "/hub/logout"


def greeting_key(name):
    """Which words tell a lesson's child whose stars these are: the account's on a school's
    server, the typed name's, or the request for one."""
    if account():
        return "playing_as_account"
    return "no_name" if name == DEFAULT_STUDENT else "playing_as"


def student():
    """The name the stars are saved under: on a school's server the child's account
    (:func:`account`); else the name typed in the index, unless the course was started with
    a different ``$DAMA_STUDENT`` since (a new pair at the computer), then ``$DAMA_STUDENT``,
    then "studente"."""
    logged_in = account()
    if logged_in:
        return logged_in
    env = os.environ.get("DAMA_STUDENT", "").strip()
    try:
        saved = json.loads((dama_home() / STUDENT_FILE).read_text(encoding="utf-8"))
        typed, typed_env = str(saved.get("name", "")).strip(), str(saved.get("env", ""))
    except (OSError, ValueError, AttributeError):
        typed, typed_env = "", ""
    if typed and typed_env == env:
        return typed
    return env or typed or DEFAULT_STUDENT


def set_student(name):
    """Remember the name typed in the index for every lesson (an empty name forgets it)."""
    name = " ".join(str(name).split())[:60]
    home = dama_home()
    home.mkdir(parents=True, exist_ok=True)
    record = {"name": name, "env": os.environ.get("DAMA_STUDENT", "").strip()}
    (home / STUDENT_FILE).write_text(json.dumps(record, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    kept(home / STUDENT_FILE)
    return name or student()


def best_stars(name=None):
    """{puzzle id: best stars} from the student's progress file, only read: never created,
    written or moved. Empty if there is none, or if it is damaged or kept busy by another
    program (the exercises, not this, set a damaged file aside)."""
    name = name or student()
    try:
        return read_best_stars(student_path(dama_home(), name))
    except Exception:  # an unreadable folder must not stop a lesson
        return {}


def _file_link(data, name, label, kind="application/vnd.sqlite3"):
    """A link that saves ``data`` as the file ``name``: it works offline and in the
    browser-only edition, where the page is the only way out of the browser's storage."""
    import base64

    encoded = base64.b64encode(data).decode("ascii")
    return (f"<a download='{html.escape(name)}' href='data:{kind};base64,{encoded}' "
            f"class='dama-download' style='color:#0b5394;text-decoration:underline'>"
            f"{html.escape(label)}</a>")
