"""What a child did, and where it is kept: the progress database and its keepers (the
browser's storage, the class's exchange folder on a school's server)."""
