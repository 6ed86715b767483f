"""What every feature of the course uses: the board, the content, the store."""
