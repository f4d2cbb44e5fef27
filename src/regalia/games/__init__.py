"""Built-in games; importing this package registers them."""

from . import kingdomino  # noqa: F401
from . import cascadito  # noqa: F401
from . import inheritors  # noqa: F401
from . import two_heirs  # noqa: F401
