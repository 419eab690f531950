"""`medreckon bench ...` and `medreckon data ...`: run models on datasets, report, compare,
export and import runs; fetch datasets and install the embedded model.

A run is a directory (`--run-dir`, default `runs/<model>_<strategy>_<dataset>_<hash>`); every
bench command takes it. Bad input exits with code 2 and one paragraph, never a traceback.
"""

from . import data as _data_commands  # noqa: F401  (each module registers its commands)
from . import probe as _probe_commands  # noqa: F401
from . import reports as _report_commands  # noqa: F401
from . import run as _run_commands  # noqa: F401
from . import verify as _verify_commands  # noqa: F401
from .groups import bench, data

__all__ = ["bench", "data"]
