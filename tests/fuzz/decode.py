#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Print the call sequence an api_fuzz input decodes into (tests/fuzz/api_fuzz.c).

    tests/fuzz/decode.py <input> [...]

Mirrors run_op(): 4-byte operations (op % 53, a, b, c), even ones on thread 0,
odd ones on thread 1, at most 64; operations 34.. (buffers, queues, IPC keys,
tensors, GE graphs) also read the 16 bytes after them as arguments (zero
padded), shown here in brief (FUZZ_TRACE=1 api_fuzz <input> prints every call
and its code). Handles are shown as the harness picks them:
stream[slot] (live or stale), NULL, or garbage. Keep it in step with api_fuzz.c.
"""
import sys

NSLOT = 4


def pick(tab, sel, raw):
    k = sel >> 6
    if k in (0, 1):
        return f"{tab}[{sel % NSLOT}]"
    if k == 2:
        return "NULL"
    if raw & 1:
        return "garbage(0x%x)" % ((((0xC0 | (raw >> 4)) << 56) | (raw << 24) | (raw & 7)))
    return f"garbage({raw})"


def ptr(sel, off):
    if sel & 0x80:
        return f"host+{(off & 0x3F) * 8}"
    return f"mem[{sel % NSLOT}]" + (f"+{off * 64}" if sel & 0x40 else "")


def s8(v):
    return v - 256 if v > 127 else v


NOP = 53
TDT = ["buf[{a}] = AllocBuf", "FreeBuf(buf {a})", "GetBufData/SetBufDataLen(buf {a})",
       "buf[{c}] = CopyBufRef(buf {a})", "Set/GetBufUserData(buf {a})",
       "AppendBufChain(buf {a}, buf {b})", "qid[{a}] = acltdtCreateQueue",
       "acltdtDestroyQueue(qid {a})", "acltdtEnqueue(qid {a}, buf {b})",
       "buf[{b}] = acltdtDequeue(qid {a})", "acltdtEnqueueData(qid {a})",
       "acltdtDequeueData(qid {a})"]
IPC = ["key[{c}] = aclrtIpcMemGetExportKey({p})", "aclrtIpcMemSetImportPid(key sel {a})",
       "aclrtIpcMemImportByKey(key sel {a})", "aclrtIpcMemClose(key sel {a})"]
GE = ["Relu", "Sigmoid", "Abs", "Cast", "Add", "Mul", "NoSuchOp"]


def new_op_text(op, a, b, c, x):
    if op < 46:
        return TDT[op - 34].format(a=a % NSLOT if a < 0xC0 else "sel %d" % a, b=b % NSLOT, c=c % NSLOT)
    if op < 50:
        return IPC[op - 46].format(a=a, c=c % NSLOT, p=ptr(a, b))
    rank = (x[0] & 0x7F) % 5
    if op < 52:
        return (f"{'aclnnCast' if b & 1 else 'aclnnAdd'}(rank {rank}, dim bytes {list(x[1:5])}, "
                f"stride bytes {list(x[5:9])}{', run' if c & 1 else ''})")
    return f"GE Data(rank {rank}, dim bytes {list(x[1:5])}) -> {GE[a % 7]}{', run' if c & 1 else ''}"


def op_text(o, x=bytes(16)):
    op, a, b, c = o[0] % NOP, o[1], o[2], o[3]
    if op >= 34:
        return new_op_text(op, a, b, c, x)
    S = lambda x, y: pick("stream", x, y)
    E = lambda x, y: pick("event", x, y)
    if op == 0: return f"aclrtSetDevice({a % 3})"
    if op == 1: return f"aclrtResetDevice({a % 3})"
    if op == 2: return f"aclrtResetDeviceForce({a % 3})"
    if op == 3: return f"ctx[{a % NSLOT}] = aclrtCreateContext(dev {b % 3})"
    if op == 4: return f"aclrtDestroyContext({pick('ctx', a, b)})"
    if op == 5: return f"aclrtSetCurrentContext({pick('ctx', a, b)})"
    if op == 6: return f"stream[{a % NSLOT}] = aclrtCreateStreamWithConfig(prio {b}, flag {c})"
    if op in (7, 8): return ("aclrtDestroyStream" if op == 7 else "aclrtDestroyStreamForce") + f"({S(a, b)})"
    if op == 9: return f"cpuaclLaunchKernel({S(a, b)}, {'k_fail' if c & 1 else 'k_ok'})"
    if op == 10: return f"aclrtLaunchHostFunc({S(a, b)}, {'h_nop' if c & 1 else 'NULL'})"
    if op == 11: return (f"aclrtSynchronizeStream({S(a, b)})" if c & 1 else
                         f"aclrtSynchronizeStreamWithTimeout({S(a, b)}, {s8(c)})")
    if op == 12: return f"event[{a % NSLOT}] = " + ("aclrtCreateEvent()" if c & 1 else f"aclrtCreateEventWithFlag({b})")
    if op == 13: return f"aclrtRecordEvent({E(a, c)}, {S(b, c)})"
    if op == 14: return (f"aclrtStreamWaitEvent({S(b, c)}, {E(a, c)})" if c & 1 else
                         f"aclrtStreamWaitEventWithTimeout({S(b, c)}, {E(a, c)}, {c >> 1})")
    if op == 15: return (f"aclrtSynchronizeEventWithTimeout({E(a, b)}, 20)" if c & 1 else
                         f"aclrtQueryEventStatus({E(a, b)})")
    if op == 16: return f"aclrtDestroyEvent({E(a, b)})"
    if op == 17: return f"mem[{a % NSLOT}] = aclrtMalloc({b * 64 + c}, policy {c % 4})"
    if op == 18: return f"aclrtFree({ptr(a, b)})"
    if op in (19, 20):
        n = (c & 0x3F) * 8
        call = "aclrtMemcpy" if op == 19 else "aclrtMemcpyAsync"
        tail = "" if op == 19 else f", {S(c, a)}"
        return f"{call}({ptr(a, c)}, {ptr(b, c)}, ~{n} B, kind {(a ^ b) % 8}{tail})"
    if op == 21: return f"aclrtMemset({ptr(a, c)}, value {b})"
    if op == 22: return f"aclmdlRICaptureBegin({S(a, b)}, mode {c % 4})"
    if op == 23: return f"model[{c % NSLOT}] = aclmdlRICaptureEnd({S(a, b)})"
    if op == 24: return f"aclmdlRIExecuteAsync({pick('model', a, c)}, {S(b, c)})"
    if op == 25: return f"aclmdlRIDestroy({pick('model', a, b)})"
    if op == 26: return f"aclrtSubscribeReport(tid of thread {c & 1}, {S(a, b)})"
    if op == 27: return f"aclrtLaunchCallback(h_nop, type {c % 3} ({['NO_BLOCK','BLOCK','bad'][c % 3]}), {S(a, b)})"
    if op == 28: return f"aclrtProcessReport({1 if c & 1 else s8(c)})"
    if op == 29: return f"aclrtSynchronizeDeviceWithTimeout({50 if c & 1 else s8(c)})"
    if op == 30: return f"aclrtSetStreamFailureMode({S(a, b)}, {c % 3})"
    if op == 31: return (f"aclmdlRICaptureTaskGrpBegin({S(a, b)})" if c & 1 else
                         f"grp[{b % NSLOT}] = aclmdlRICaptureTaskGrpEnd({S(a, b)})")
    if op == 32: return (f"aclmdlRICaptureTaskUpdateBegin({S(a, b)}, {pick('grp', b, c)})" if c & 1 else
                         f"aclmdlRICaptureTaskUpdateEnd({S(a, b)})")
    return f"aclrtStreamQuery({S(a, b)})"


def main():
    for path in sys.argv[1:]:
        data = open(path, "rb").read()[:4 * 64]
        padded = data + bytes(16)
        print(f"# {path}: {len(data) // 4} operations")
        for i in range(0, len(data) - 3, 4):
            t = (i // 4) % 2
            print(f"{i // 4:3d} T{t}{'    ' * t} {op_text(data[i:i + 4], padded[i + 4:i + 20])}")


if __name__ == "__main__":
    main()
