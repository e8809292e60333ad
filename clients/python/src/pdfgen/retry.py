"""When a failed attempt is worth another, and how long to wait first."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional, Union

from .errors import APIError, ConflictError, NetworkError, RateLimitError, ServerError


@dataclass(frozen=True)
class RetryPolicy:
    #: Retries after the first attempt.
    retries: int = 3
    #: First back-off (seconds) when the answer has no Retry-After; doubles on each retry.
    base_delay: float = 0.5
    #: Longest wait (seconds). A Retry-After beyond it is not waited for: the error is raised instead.
    max_delay: float = 30.0


def is_retryable(error: Union[APIError, NetworkError], repeatable: bool) -> bool:
    """
    Whether waiting can help: a rate limit (not a used-up month), a busy server, the same
    Idempotency-Key still in flight. A lost connection, a time-out, a proxy's 502 or 504 may come
    after the server acted, so they are retried only for a `repeatable` call: one that acts once
    however often it is sent (every generate and batch carries an Idempotency-Key).
    """
    if isinstance(error, NetworkError):
        return repeatable
    if isinstance(error, RateLimitError):
        return True
    if isinstance(error, ServerError):
        return error.status == 503 or (repeatable and error.status in (502, 504))
    return isinstance(error, ConflictError) and error.code == "IDEMPOTENCY_KEY_IN_PROGRESS"


def retry_delay(error: Union[APIError, NetworkError], attempt: int, policy: RetryPolicy, repeatable: bool) -> Optional[float]:
    """Seconds to wait after failed attempt number `attempt` (0-based), or None to give up."""
    if attempt >= policy.retries or not is_retryable(error, repeatable):
        return None
    retry_after = error.retry_after if isinstance(error, APIError) else None
    if retry_after is not None:
        return retry_after if retry_after <= policy.max_delay else None
    ceiling = min(policy.max_delay, policy.base_delay * 2.0**attempt)
    # Half fixed, half random: clients that failed together do not all come back together.
    return ceiling / 2 + random.random() * ceiling / 2
