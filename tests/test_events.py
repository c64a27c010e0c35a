"""The event log stores rows and hands out Events: reading it must look like a list of Events."""

from __future__ import annotations

from rulekeeper.engine.events import Event, EventLog


def a_log() -> EventLog:
    log = EventLog()
    log.record(1, "RR 4.2a", "Alice draws 2 cards for the turn")
    log.record(1, "", "Alice passes")
    log.record(2, "RR 4.2a", "Bob draws 2 cards for the turn")
    return log


def test_an_index_gives_an_event_and_a_slice_a_list_of_events() -> None:
    log = a_log()
    assert log[0] == Event(1, "RR 4.2a", "Alice draws 2 cards for the turn")
    assert log[-1].text == "Bob draws 2 cards for the turn"
    assert log[1:] == [
        Event(1, "", "Alice passes"),
        Event(2, "RR 4.2a", "Bob draws 2 cards for the turn"),
    ]
    assert log[5:] == []


def test_iterating_reading_and_saving_agree() -> None:
    log = a_log()
    assert list(log) == log[:] == log.since(0)
    assert len(log) == 3
    assert log.citing("RR 4.2a") == [log[0], log[2]]
    assert EventLog.from_json(log.to_json()) == log
    assert EventLog(list(log)) == log
    assert str(log).splitlines()[1] == "turn 1: Alice passes"


def test_logs_differ_when_an_event_differs() -> None:
    other = a_log()
    other.record(2, "", "Bob passes")
    assert other != a_log()
    assert a_log() != list(a_log())


def test_an_event_written_later_reads_as_one_written_at_once() -> None:
    later, now = EventLog(), a_log()
    later.record(1, "RR 4.2a", "Alice draws 2 cards for the turn")
    later.record_later(1, "", "{} passes".format, "Alice")
    later.record_later(2, "RR 4.2a", "{} draws {} cards for the turn".format, "Bob", 2)
    assert len(later) == 3
    assert later == now
    later.record_later(3, "", "{} passes".format, "Alice")
    assert later.since(3) == [Event(3, "", "Alice passes")]
    assert later.to_json() == [*now.to_json(), [3, "", "Alice passes"]]
    assert str(later).splitlines()[-1] == "turn 3: Alice passes"


def test_an_event_written_later_while_the_log_is_read_is_read_with_its_text() -> None:
    log = a_log()
    seen = []
    for event in log:
        seen.append(event.text)
        if len(log) == 3:
            log.record_later(3, "", "{} passes".format, "Bob")
    assert seen[-1] == "Bob passes"
