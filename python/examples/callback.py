#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Callbacks: a thread from acl.util.start_thread processes the reports of a
stream it is subscribed to; launch_callback with block type 1 holds the
stream until the Python callback returned."""
import acl

state = {"stop": False, "calls": []}


def check_ret(what, ret):
    if ret != acl.ACL_SUCCESS:
        raise SystemExit("%s failed: %d %s" % (what, ret, acl.get_recent_err_msg()))


def process_loop(args_list):
    ctx = args_list[0]
    acl.rt.set_context(ctx)
    while not state["stop"]:
        acl.rt.process_report(100)  # runs the callbacks handed to this thread


def callback(user_data):
    state["calls"].append(user_data[0])


def main():
    check_ret("acl.init", acl.init())
    ctx, ret = acl.rt.create_context(0)
    check_ret("create_context", ret)
    stream, ret = acl.rt.create_stream()
    check_ret("create_stream", ret)
    tid, ret = acl.util.start_thread(process_loop, [ctx])
    check_ret("start_thread", ret)
    check_ret("subscribe_report", acl.rt.subscribe_report(tid, stream))
    for i in range(5):
        check_ret("launch_callback",
                  acl.rt.launch_callback(callback, [i], acl.ACL_CALLBACK_BLOCK, stream))
    check_ret("synchronize_stream", acl.rt.synchronize_stream(stream))
    assert state["calls"] == list(range(5)), state["calls"]
    print("5 blocking callbacks ran in order on the report thread: ok")
    check_ret("unsubscribe_report", acl.rt.unsubscribe_report(tid, stream))
    state["stop"] = True
    check_ret("stop_thread", acl.util.stop_thread(tid))
    check_ret("destroy_stream", acl.rt.destroy_stream(stream))
    check_ret("destroy_context", acl.rt.destroy_context(ctx))
    check_ret("finalize", acl.finalize())


if __name__ == "__main__":
    main()
