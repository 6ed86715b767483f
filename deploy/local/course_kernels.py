"""The kernel manager of the child's server (deploy/local/launch.py, deploy/hub/singleuser.py).

Jupyter Server's own, with one race closed. Every half minute its culler takes the list of
kernels and looks at each in turn; while it waits on one, another can end (a tab closed, a
lesson left), and the culler then fails on a kernel that is no longer there and writes a
traceback to the log, where the school's log watcher reads it as an error. A kernel already
gone has nothing to cull.
"""

from __future__ import annotations

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


class KernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager, whose culler skips a kernel ended meanwhile."""

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id not in self:
            return
        await super().cull_kernel_if_idle(kernel_id)
