"""Every message of the wire protocol as a typed record, declared once (docs/protocol.md describes them).

A message is a msgpack map whose `type` names the record: the records are msgspec Structs tagged on `type`, one
union for each direction (`ClientMessage`, `HostMessage`). Lengths are bounds on the work a frame may cost the
host; the host checks names, seats and the like itself and answers with its own error codes. A field a record
does not declare is ignored (forward compatibility: a newer peer may send more). A field left out is `UNSET`, so
the host can tell "not sent" from "sent as nil". Views, events and a table's details are plain maps here (`Map`):
they have records of their own, where the views are made.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from msgspec import UNSET, Meta, Struct, UnsetType, field

# A seat at a table, as a table's detail names it (`kind`): open, or held by a human or by a bot.
SeatKind = Literal["open", "human", "bot"]
OPEN: Final = "open"
HUMAN: Final = "human"
BOT: Final = "bot"

MAX_ID_LENGTH: Final = 64
MAX_CHAT_LENGTH: Final = 300
MAX_NAME_LENGTH: Final = 32
MAX_TOKEN_LENGTH: Final = 64
MAX_NONCE_LENGTH: Final = 128  # hello's nonce, hex: the host signs it (docs/protocol.md, "Host identity")
SHA256_LENGTH: Final = 64  # a content address: the SHA-256 of a file's bytes, lowercase hex
# Names are checked by the host (`bad_name`, saying the limit); the message only bounds the work.
_NAME_BOUND: Final = 4 * MAX_NAME_LENGTH

RequestId = Annotated[str, Meta(max_length=MAX_ID_LENGTH)]
Name = Annotated[str, Meta(max_length=_NAME_BOUND)]
App = Annotated[str, Meta(max_length=64)]
Nonce = Annotated[str, Meta(max_length=MAX_NONCE_LENGTH)]
Game = Annotated[str, Meta(max_length=32)]
TableId = Annotated[str, Meta(max_length=32)]
Token = Annotated[str, Meta(max_length=MAX_TOKEN_LENGTH)]
Password = Annotated[str, Meta(max_length=64)]
Short = Annotated[str, Meta(max_length=16)]  # a sex, a colour, a bot level: the host checks the word
Scope = Annotated[str, Meta(max_length=8)]
ChatText = Annotated[str, Meta(max_length=MAX_CHAT_LENGTH)]
Sha256 = Annotated[str, Meta(max_length=SHA256_LENGTH)]
Contribution = Annotated[str, Meta(max_length=128)]
Options = Annotated[dict[str, Any], Meta(max_length=64)] | None
Packs = Annotated[list[Any], Meta(max_length=32)]  # the host names a non-str entry itself (`bad_packs`)
Map = dict[str, Any]  # a view, a table's detail, an outcome: typed by their own records, not here
Seat = int | None  # None: a spectator
Number = float  # an int is read as a float too


class Record(Struct, tag_field="type", kw_only=True):
    """What every message is: a map whose `type` field names its record, and may carry a request `id` (echoed
    in the reply to a request)."""

    id: int | RequestId | UnsetType | None = UNSET  # nil: no id


# -- client to host --------------------------------------------------------------------------------------------


class Hello(Record, tag="hello"):
    protocol: int
    app: App
    name: Name
    nonce: Nonce | UnsetType = UNSET


class Ping(Record, tag="ping"):
    pass


class Pong(Record, tag="pong"):
    pass


class ListTables(Record, tag="list_tables"):
    pass


class CreateTable(Record, tag="create_table"):
    game: Game
    seats: int
    bots: int | UnsetType = UNSET
    bot_level: Short | UnsetType = UNSET
    name: Name | UnsetType = UNSET
    password: Password | UnsetType = UNSET
    options: Options | UnsetType = UNSET
    packs: Packs | UnsetType = UNSET
    sex: Short | UnsetType = UNSET
    colour: Short | UnsetType = UNSET


class JoinTable(Record, tag="join_table"):
    table: TableId
    seat: Seat | UnsetType = UNSET
    password: Password | UnsetType = UNSET
    sex: Short | UnsetType = UNSET
    colour: Short | UnsetType = UNSET


class Resume(Record, tag="resume"):
    table: TableId
    token: Token


class Watch(Record, tag="watch"):
    table: TableId
    password: Password | UnsetType = UNSET


class SetPlayer(Record, tag="set_player"):
    name: Name | UnsetType = UNSET
    sex: Short | UnsetType = UNSET
    colour: Short | UnsetType = UNSET


class SetTable(Record, tag="set_table"):
    seats: int | UnsetType = UNSET
    bots: int | UnsetType = UNSET
    bot_level: Short | UnsetType = UNSET
    options: Options | UnsetType = UNSET
    packs: Packs | UnsetType = UNSET


class Ready(Record, tag="ready"):
    ready: bool


class Start(Record, tag="start"):
    fill_with_bots: bool | UnsetType = UNSET


class Leave(Record, tag="leave"):
    pass


class Chat(Record, tag="chat"):
    text: ChatText
    scope: Scope | UnsetType = UNSET


class Act(Record, tag="action"):
    token: Token
    action: Annotated[dict[str, Any], Meta(max_length=32)]  # the game reads it (its `action_from_wire`)


class Resync(Record, tag="resync"):
    pass


class Hold(Record, tag="hold"):
    pass


class GetPack(Record, tag="get_pack"):
    sha256: Sha256


class GetPicture(Record, tag="get_picture"):
    sha256: Sha256


class Contribute(Record, tag="contribute"):
    contribution: Contribution


ClientMessage = (
    Hello
    | Ping
    | Pong
    | ListTables
    | CreateTable
    | JoinTable
    | Resume
    | Watch
    | SetPlayer
    | SetTable
    | Ready
    | Start
    | Leave
    | Chat
    | Act
    | Resync
    | Hold
    | GetPack
    | GetPicture
    | Contribute
)

# -- host to client (ping, pong and chat go both ways; the host's chat says more) ------------------------------


class Welcome(Record, tag="welcome"):
    server: str
    name: str
    protocol: int
    app: str
    features: list[str]
    games: list[str]
    key: str | UnsetType = UNSET
    proof: str | UnsetType = UNSET
    packs: list[Map] | UnsetType = UNSET


class Error(Record, tag="error"):
    code: str
    message: str
    fatal: bool | UnsetType = UNSET


class Ok(Record, tag="ok"):
    seq: int | UnsetType = UNSET


class Tables(Record, tag="tables"):
    tables: list[Map]


class TableDetail(Record, tag="table"):
    table: Map


class Seated(Record, tag="seated"):
    table: str
    seat: int
    token: str


class Watching(Record, tag="watching"):
    table: str


class Left(Record, tag="left"):
    table: str


class HostChat(Record, tag="chat"):
    scope: str
    text: str
    sender: str = field(name="from")
    table: str | UnsetType = UNSET
    seat: Seat | UnsetType = UNSET


class Snapshot(Record, tag="snapshot"):
    table: str
    seat: Seat
    seq: int
    state: Map
    checksum: int
    history: list[Any] | UnsetType = UNSET  # the recent events as this viewer knows them (a window back at its seat)


class Update(Record, tag="update"):
    table: str
    seat: Seat
    seq: int
    events: list[Any]
    changes: list[Any]
    checksum: int
    stand_in: int | UnsetType = UNSET


class Timer(Record, tag="timer"):
    table: str
    seat: int
    kind: str
    seconds: Number


class Pack(Record, tag="pack"):
    sha256: str
    name: str
    text: str
    pictures: list[Any]


class Picture(Record, tag="picture"):
    sha256: str
    data: str


class Commit(Record, tag="commit"):
    table: str
    commitment: str
    seats: list[Any]
    seconds: Number


class Reveal(Record, tag="reveal"):
    table: str
    verifiable: bool
    reason: str | UnsetType = UNSET
    commitment: str | UnsetType = UNSET
    secret: str | UnsetType = UNSET
    contributions: list[Any] | UnsetType = UNSET
    seed: int | UnsetType = UNSET
    players: list[Any] | UnsetType = UNSET
    packs: list[Any] | UnsetType = UNSET
    options: Map | UnsetType | None = UNSET
    actions: list[Any] | UnsetType = UNSET
    outcome: Map | UnsetType | None = UNSET


HostMessage = (
    Welcome
    | Error
    | Ok
    | Ping
    | Pong
    | Tables
    | TableDetail
    | Seated
    | Watching
    | Left
    | HostChat
    | Snapshot
    | Update
    | Timer
    | Pack
    | Picture
    | Commit
    | Reveal
)
