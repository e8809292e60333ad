"""Sends Calls with the API key and retries those that waiting can help (see retry.py)."""

from __future__ import annotations

import time
from typing import Any, Optional, TypeVar, Union

import anyio
import httpx

from ._version import __version__
from .calls import Call
from .errors import APIError, NetworkError, RequestTimeoutError, error_from_response
from .retry import RetryPolicy, retry_delay

T = TypeVar("T")
USER_AGENT = f"pdfgen-python/{__version__}"


class _Transport:
    def __init__(self, api_key: str, base_url: str, timeout: Union[float, httpx.Timeout], retry: RetryPolicy) -> None:
        # A bad base URL fails here, not as a retried network error.
        parsed = httpx.URL(base_url)
        if parsed.scheme not in ("http", "https") or not parsed.host:
            raise ValueError(f"base_url must be an http(s) URL, got {base_url!r}")
        self.api_key = api_key
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.retry = retry

    def _request(self, call: Call[Any]) -> dict[str, Any]:
        headers = {"User-Agent": USER_AGENT, **call.headers}
        if not call.public:
            headers["X-API-Key"] = self.api_key
        return dict(
            method=call.method,
            url=self.base_url + call.path,
            params={name: value for name, value in call.query.items() if value is not None},
            json=call.body,
            headers=headers,
            timeout=self.timeout if call.timeout is None else call.timeout,
            # The API never redirects; following one would send the key to wherever it points.
            follow_redirects=False,
        )

    @staticmethod
    def _read(call: Call[T], response: httpx.Response) -> T:
        if not response.is_success:
            raise error_from_response(response)
        return call.read(response)

    @staticmethod
    def _network_error(call: Call[Any], cause: httpx.TransportError) -> NetworkError:
        if isinstance(cause, httpx.TimeoutException):
            return RequestTimeoutError(f"{call.method} {call.path} timed out ({type(cause).__name__})")
        return NetworkError(f"{call.method} {call.path} failed: {cause}")

    def _wait(self, call: Call[Any], error: Union[APIError, NetworkError], attempt: int) -> Optional[float]:
        return retry_delay(error, attempt, self.retry, call.repeatable)


class SyncTransport(_Transport):
    def __init__(self, http: httpx.Client, **options: Any) -> None:
        super().__init__(**options)
        self.http = http

    def send(self, call: Call[T]) -> T:
        attempt = 0
        while True:
            try:
                return self._attempt(call)
            except (APIError, NetworkError) as error:
                wait = self._wait(call, error, attempt)
                if wait is None:
                    raise
            time.sleep(wait)
            attempt += 1

    def _attempt(self, call: Call[T]) -> T:
        try:
            # request() reads the whole body: an answer cut off half way is retried like a lost connection.
            response = self.http.request(**self._request(call))
        except httpx.TransportError as cause:
            raise self._network_error(call, cause) from cause
        return self._read(call, response)


class AsyncTransport(_Transport):
    def __init__(self, http: httpx.AsyncClient, **options: Any) -> None:
        super().__init__(**options)
        self.http = http

    async def send(self, call: Call[T]) -> T:
        attempt = 0
        while True:
            try:
                return await self._attempt(call)
            except (APIError, NetworkError) as error:
                wait = self._wait(call, error, attempt)
                if wait is None:
                    raise
            await anyio.sleep(wait)
            attempt += 1

    async def _attempt(self, call: Call[T]) -> T:
        try:
            response = await self.http.request(**self._request(call))
        except httpx.TransportError as cause:
            raise self._network_error(call, cause) from cause
        return self._read(call, response)
