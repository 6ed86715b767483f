"""The course's lessons as Python source, Italian and English side by side.

One module a lesson, ``NN_slug.py``, each defining ``LESSON`` (a :class:`kit.Lesson`);
``authoring/notebooks.py`` turns them into ``lessons/it/NN-slug.ipynb`` and ``lessons/en/NN-slug.ipynb``.
"""
