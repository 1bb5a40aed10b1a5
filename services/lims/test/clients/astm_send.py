"""Sends ASTM E1394 messages over TCP (E1381 framing) with python-astm's own client (astm-2025 on PyPI), as an
analyzer would: the integration tests' client written by others (services/lims/test/integration/analyzers.*).

stdin: JSON {"host": str, "port": int, "messages": [[record, ...], ...]}, a record a list of fields, a field a string
or a list of components. stdout: JSON {"acks": [bool per record sent, in order]} - True when the listener ACKed it.
"""
import json
import sys

import astm.asynclib
from astm.client import Client

# astm-2025 1.0.0 still calls Python 2's buffer() when it writes (asynclib._send_chunky): the one shim it needs on 3.
astm.asynclib.buffer = lambda data, offset, size: memoryview(data)[offset : offset + size]


class RecordType(bytes):
    """A record's type: bytes for the codec, which writes bytes fields as they are (this python-astm writes a str field
    character by character, forever), equal to its text for the client's record-order check and its 'L' test."""

    def __eq__(self, other):
        return self.decode("latin-1") == other if isinstance(other, str) else bytes.__eq__(self, other)

    def __hash__(self):
        return hash(self.decode("latin-1"))


def as_bytes(value):
    if value is None:
        return None
    if isinstance(value, list):
        return [as_bytes(v) for v in value]
    return str(value).encode("latin-1")


def main():
    spec = json.load(sys.stdin)
    acks = []

    def emitter():
        for message in spec["messages"]:
            for record in message:
                ok = yield [RecordType(record[0].encode("latin-1"))] + [as_bytes(field) for field in record[1:]]
                acks.append(bool(ok))

    client = Client(emitter, host=spec["host"], port=spec["port"], timeout=10)
    client.run(timeout=1)
    json.dump({"acks": acks}, sys.stdout)


if __name__ == "__main__":
    main()
