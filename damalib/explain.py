from dataclasses import dataclass
@dataclass(frozen=True)
class Explanation:
    legal: bool
