"""The server's routes, one router per resource (FastAPI's "Bigger Applications" layout):

- :mod:`.catalog` game types, their bots, variants and how-to-play pages;
- :mod:`.games` create, list, look at, act, undo, import;
- :mod:`.seats` join, name, take back, rematch;
- :mod:`.chat` a game's chat;
- :mod:`.records` records and replays;
- :mod:`.accounts` accounts, sessions, "my games";
- :mod:`.ratings` leaderboards and profiles;
- :mod:`.socket` the WebSocket of a seat or spectator;
- :mod:`.lab` the design lab (docs/LAB.md);
- :mod:`.pages` ``/docs``;
- :mod:`.webpages` the lobby and the other pages, in the reader's language.

Shared parts: :mod:`.deps` (dependencies: hall, table, seat, account, rate-limit costs; the
guarded JSON body), :mod:`.models` (request and answer models), :mod:`.errors` (error
statuses and sentences).
"""

from cosmodrome.server.routers import (
           accounts,
           catalog,
           chat,
           games,
           lab,
           pages,
           ratings,
           records,
           seats,
           socket,
           webpages,
)

#: in the order ``create_app`` includes them
ROUTERS = [catalog.router, games.router, seats.router, chat.router, records.router, accounts.router,
           ratings.router, socket.router, lab.router, pages.router, webpages.router]
