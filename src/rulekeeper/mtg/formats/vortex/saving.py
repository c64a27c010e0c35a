"""Saving a Vortex game's drafting bookkeeping: its
:class:`~rulekeeper.mtg.formats.vortex.state.VortexState` written as the save's
``variant_state`` and read back, field by field as
:class:`~rulekeeper.mtg.formats.vortex.save_records.VortexRecord` declares it.

>>> from rulekeeper.games import FORMATS
>>> from rulekeeper.mtg.formats.vortex.saving import CODEC
>>> state = FORMATS["vortex"].new_game(1, 2).variant.state
>>> saved = CODEC.dump(state)
>>> saved["phase"], "small_pack" in saved
('opening', False)
"""

from __future__ import annotations

from typing import Final

from rulekeeper.engine.save_codec import Codec
from rulekeeper.mtg.formats.vortex.save_records import VortexRecord

CODEC: Final = Codec(VortexRecord)
"""The bookkeeping's save, as :class:`~rulekeeper.mtg.formats.vortex.save_records.VortexRecord`
declares it; a key it may leave out is left out while its field is None."""
