"""Answers: a model's output read as a value of the case's output type (`parse`: the cascade,
statuses kept apart from correctness), values read from text or JSON (`values`), and answers
written out, typed and compared (`format`)."""

from .format import (
           answer_source,
           decimals_of,
           format_answer,
           same_value,
           shown_decimals,
           typed_answer,
)
from .parse import Parsed, parse_answer, reply_object
from .values import (
           OUTPUT_TYPES,
           coerce_value,
           is_abstention,
           is_refusal,
           label_key,
           read_category,
           read_value,
)

__all__ = ["OUTPUT_TYPES", "answer_source", "Parsed", "coerce_value", "decimals_of", "format_answer", "is_abstention", "is_refusal", "label_key", "read_category",
           "parse_answer", "read_value", "reply_object", "same_value", "shown_decimals", "typed_answer"]
