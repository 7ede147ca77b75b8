"""Arlington: pygbag's entry point and the desktop launcher from a checkout.

It only starts the app (``game.launcher``). pygbag needs the literal ``asyncio.run`` in this
file and an async loop that yields every frame (a blocking loop is a black screen in a browser).
"""

import asyncio

from game.launcher import main

if __name__ == "__main__":
    asyncio.run(main())
