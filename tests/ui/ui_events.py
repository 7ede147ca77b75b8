"""Raw pygame events as a mouse, a browser touch and a keyboard produce them, for tests that
drive the real app through ``App.step``."""

import pygame

E = pygame.event.Event


def mouse_tap(pos) -> list:
    """A left click at ``pos``."""
    return [E(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False),
            E(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)]


def mouse_drag(start, end, steps: int = 5) -> list:
    """Press at ``start``, move in ``steps`` to ``end``, release."""
    events = [E(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)]
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps,
             start[1] + (end[1] - start[1]) * i // steps)
        events.append(E(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0), touch=False))
    events.append(E(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False))
    return events


def _finger(kind, pos, size, finger=0):
    return E(kind, x=pos[0] / size[0], y=pos[1] / size[1], dx=0.0, dy=0.0, finger_id=finger,
             touch_id=1, pressure=1.0)


def touch_tap(pos, size) -> list:
    """A tap as a browser reports it: FINGERDOWN, the mouse copy flagged touch=True, then the
    same pair for the release."""
    return [_finger(pygame.FINGERDOWN, pos, size),
            E(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True),
            _finger(pygame.FINGERUP, pos, size),
            E(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True)]


def touch_drag(start, end, size, steps: int = 5) -> list:
    """A finger drag, every step reported as a finger event and as a touch mouse event."""
    events = [_finger(pygame.FINGERDOWN, start, size),
              E(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=True)]
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps,
             start[1] + (end[1] - start[1]) * i // steps)
        events += [_finger(pygame.FINGERMOTION, p, size),
                   E(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0), touch=True)]
    events += [_finger(pygame.FINGERUP, end, size),
               E(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=True)]
    return events


def key(k, unicode: str = "") -> list:
    """One key press."""
    return [E(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0)]


def wheel(dy: int, pos=(0, 0)) -> list:
    """A mouse wheel turn (positive: away from the user, scroll up)."""
    return [E(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy),
              touch=False)]


def resize(size) -> list:
    """The window was resized to ``size``."""
    return [E(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]
