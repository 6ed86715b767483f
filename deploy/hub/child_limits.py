"""What one child's server may take of the school's computer, so that one child (a page
left running away, a bug) cannot starve the classmates' servers or the hub: set by the
hub's spawner on the child's server before it becomes the child's user, and inherited by
its kernels. Limits of the operating system (``setrlimit``), which every Linux computer
has, with or without systemd:

    DAMA_HUB_CHILD_MEMORY  MiB of address space a process of the child's may use (1536):
                           an allocation past it fails (MemoryError in Python), the
                           process goes on; a kernel of the course uses about 950
    DAMA_HUB_CHILD_TASKS   processes and threads the child's user may have at once (256):
                           one more is refused. The server and each kernel use about 15,
                           and a page closed or reloaded leaves its kernel two minutes
                           more: a child reloading often has several at once, each of
                           which must still start its threads
    DAMA_HUB_CHILD_FILE    MiB a file the child's processes write may reach (64): a write
                           past it fails ("File too large"); the stars take a few hundred KiB

The child's server writes no file but the course's own (deploy/local/course_only.py), so
the disk a child takes is the progress file and the copy of the lessons.
"""

from __future__ import annotations

import os
import resource
from dataclasses import dataclass
from typing import Mapping

MIB = 1 << 20


@dataclass(frozen=True)
class ChildLimits:
    memory: int = 1536 * MIB
    tasks: int = 256
    file_size: int = 64 * MIB

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] = os.environ) -> ChildLimits:
        def number(name: str, default: int) -> int:
            value = (environ.get(name) or "").strip()
            if not value:
                return default
            if not value.isdigit() or int(value) == 0:
                raise ValueError(f"{name}={value!r}: a whole number above 0 is needed")
            return int(value)

        return cls(memory=number("DAMA_HUB_CHILD_MEMORY", 1536) * MIB,
                   tasks=number("DAMA_HUB_CHILD_TASKS", 256),
                   file_size=number("DAMA_HUB_CHILD_FILE", 64) * MIB)

    def apply(self) -> None:
        """Set the limits on this process (and so on what it starts): called as root,
        before the process becomes the child's user."""
        resource.setrlimit(resource.RLIMIT_AS, (self.memory, self.memory))
        resource.setrlimit(resource.RLIMIT_NPROC, (self.tasks, self.tasks))
        resource.setrlimit(resource.RLIMIT_FSIZE, (self.file_size, self.file_size))
