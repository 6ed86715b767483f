"""The course's lessons as Python source, Italian and English side by side.

One module a lesson, ``NN_slug.py``, each defining ``LESSON`` (a :class:`kit.Lesson`);
``course/build.py`` turns them into ``course/it/NN-slug.ipynb`` and ``course/en/NN-slug.ipynb``.
"""
