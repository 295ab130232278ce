// SPDX-License-Identifier: Apache-2.0
//
// Stream engine micro-benchmarks (google-benchmark), each beside the baseline
// it is judged against, measured in the same binary and the same run:
//
//   runtime                        baseline / limit
//   BM_Submit                      BM_RawRingPush, BM_MutexCondvarQueuePush
//   BM_SubmitSync                  BM_CacheLineRoundTrip, BM_MutexCondvarRoundTrip
//   BM_StreamRate                  BM_RawRingRate, BM_MutexCondvarQueue
//   BM_EventCrossStream            BM_CacheLineRoundTrip
//
// The host thread runs on a core other than worker 0's; baseline consumers
// run on worker 0's core. Push-cost benchmarks time batches of 256 pushes
// (manual time) and drain between batches outside the timing; rate
// benchmarks push one record per iteration and let back-pressure set the
// pace; all others use real (wall) time, since waiting is part of the cost.
// A watchdog ends the run (exit 1) when a benchmark makes no progress for
// 60 s, so a runtime hang is reported instead of waited on forever. The default run is short and
// reports medians over 5 repetitions; any --benchmark_* flag given on the command line wins.
#include <benchmark/benchmark.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "bm_common.h"
#include "baseline.h"
#include "bench_util.h"
#include "cpuacl/cpuacl.h"

namespace
{

constexpr unsigned kBatch = 256;  // as cpuacl-bench (BS_BATCH)
constexpr uint32_t kSlots = 1024; // the engine's default ring_slots

bl_pair g_pair = {-1, -1}; // producer = host core, consumer = worker 0's core

// Liveness for the watchdog: each benchmark run bumps the beat on entry and
// exit (one run lasts ~min_time), so a run stuck for a minute is a hang.
std::atomic<uint64_t> g_beat{0};
std::atomic<const char *> g_step{"start"};

void Beat(const char *name)
{
    g_step.store(name, std::memory_order_relaxed); // a hint only
    g_beat.fetch_add(1, std::memory_order_relaxed);
}

struct BeatScope {
    const char *name;
    explicit BeatScope(const char *n) : name(n)
    {
        Beat(n);
    }
    ~BeatScope()
    {
        Beat(name);
    }
};

void Watchdog(unsigned limit_s)
{
    uint64_t last = g_beat.load(std::memory_order_relaxed);
    unsigned still = 0;
    for (;;) {
        std::this_thread::sleep_for(std::chrono::seconds(1));
        uint64_t now = g_beat.load(std::memory_order_relaxed);
        if (now != last) {
            last = now;
            still = 0;
        } else if (++still >= limit_s) {
            std::fprintf(stderr, "bm_stream: no progress for %u s in %s: the runtime looks hung\n",
                         limit_s, g_step.load(std::memory_order_relaxed));
            std::fflush(stdout);
            std::_Exit(1);
        }
    }
}

int32_t KNop(void *)
{
    return 0;
}

int32_t KStamp(void *args)
{
    *static_cast<uint64_t *>(args) = bu_now_ns();
    return 0;
}

int32_t KGate(void *args)
{
    auto *gate = static_cast<std::atomic<uint32_t> *>(args);
    unsigned n = 0;
    while (!gate->load(std::memory_order_acquire)) // pairs with the host's release
        bu_backoff(&n);
    return 0;
}

bool Ok(benchmark::State &state, aclError e, const char *what)
{
    if (e == ACL_SUCCESS)
        return true;
    std::string msg = std::string(what) + " failed: " + std::to_string(e);
    state.SkipWithError(msg.c_str());
    return false;
}

struct Stream {
    aclrtStream s = nullptr;
    explicit Stream(benchmark::State &state)
    {
        if (!Ok(state, aclrtCreateStream(&s), "aclrtCreateStream"))
            s = nullptr;
    }
    ~Stream()
    {
        if (s)
            aclrtDestroyStream(s);
    }
};

void PerItem(benchmark::State &state, uint64_t per_iter)
{
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * per_iter));
    // Seconds per item (printed like "24.1ns"), from the same time base as
    // items_per_second: manual time or real time, never CPU time.
    state.counters["per_item"] =
        benchmark::Counter(static_cast<double>(state.iterations() * per_iter),
                           benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

// ---- runtime ---------------------------------------------------------------

void BM_Submit(benchmark::State &state)
{
    BeatScope beat(__func__);
    Stream st(state);
    if (!st.s)
        return;
    for (auto _ : state) {
        uint64_t t0 = bu_now_ns();
        for (unsigned i = 0; i < kBatch; i++)
            cpuaclLaunchKernel(st.s, KNop, nullptr);
        uint64_t t1 = bu_now_ns();
        state.SetIterationTime(static_cast<double>(t1 - t0) * 1e-9);
        if (!Ok(state, aclrtSynchronizeStream(st.s), "aclrtSynchronizeStream"))
            break;
    }
    PerItem(state, kBatch);
}
BENCHMARK(BM_Submit)->UseManualTime();

void BM_SubmitSync(benchmark::State &state)
{
    BeatScope beat(__func__);
    Stream st(state);
    if (!st.s)
        return;
    for (auto _ : state) {
        cpuaclLaunchKernel(st.s, KNop, nullptr);
        if (!Ok(state, aclrtSynchronizeStream(st.s), "aclrtSynchronizeStream"))
            break;
    }
    PerItem(state, 1);
}
BENCHMARK(BM_SubmitSync)->UseRealTime();

void BM_StreamRate(benchmark::State &state)
{
    BeatScope beat(__func__);
    Stream st(state);
    if (!st.s)
        return;
    for (auto _ : state)
        cpuaclLaunchKernel(st.s, KNop, nullptr);
    Ok(state, aclrtSynchronizeStream(st.s), "aclrtSynchronizeStream");
    PerItem(state, 1);
}
BENCHMARK(BM_StreamRate)->UseRealTime();

// s1: gate, stamp t1, record; s2: wait, stamp t2. The time is t2 - t1, the
// device-side record -> wait -> kernel-start path (see cpuacl-bench event).
void BM_EventCrossStream(benchmark::State &state)
{
    BeatScope beat(__func__);
    Stream s1(state), s2(state);
    aclrtEvent ev = nullptr;
    if (!s1.s || !s2.s || !Ok(state, aclrtCreateEventExWithFlag(&ev, ACL_EVENT_SYNC), "event"))
        return;
    static std::atomic<uint32_t> gate;
    static uint64_t t1, t2;
    for (auto _ : state) {
        gate.store(0, std::memory_order_relaxed);
        aclError e = cpuaclLaunchKernel(s1.s, KGate, &gate);
        if (e == ACL_SUCCESS)
            e = cpuaclLaunchKernel(s1.s, KStamp, &t1);
        if (e == ACL_SUCCESS)
            e = aclrtRecordEvent(ev, s1.s);
        if (e == ACL_SUCCESS)
            e = aclrtStreamWaitEvent(s2.s, ev);
        if (e == ACL_SUCCESS)
            e = cpuaclLaunchKernel(s2.s, KStamp, &t2);
        gate.store(1, std::memory_order_release); // pairs with KGate's acquire
        if (!Ok(state, e, "record/wait") ||
            !Ok(state, aclrtSynchronizeStream(s2.s), "aclrtSynchronizeStream") ||
            !Ok(state, aclrtSynchronizeStream(s1.s), "aclrtSynchronizeStream"))
            break;
        state.SetIterationTime(static_cast<double>(static_cast<int64_t>(t2 - t1)) * 1e-9);
    }
    aclrtDestroyEvent(ev);
    uint32_t w1 = 0, w2 = 0;
    cpuaclStreamGetWorker(s1.s, &w1);
    cpuaclStreamGetWorker(s2.s, &w2);
    state.SetLabel(w1 == w2 ? "streams on one worker" : "streams on two workers");
}
BENCHMARK(BM_EventCrossStream)->UseManualTime();

// ---- baselines -------------------------------------------------------------

// The two queue baselines behind one interface: a raw SPSC ring and a
// mutex+condvar queue, each drained by a consumer thread on worker 0's core.
struct RingQueue {
    static constexpr const char *what = "cannot start the ring consumer";
    static bl_ring *make()
    {
        return bl_ring_new(kSlots);
    }
    static bl_consumer *consumer(bl_ring *q, int cpu)
    {
        return bl_consumer_ring(q, cpu);
    }
    static void push(bl_ring *q)
    {
        bl_ring_push(q, bl_nop, nullptr);
    }
    static void drain(bl_ring *q)
    {
        bl_ring_wait_drained(q);
    }
    static void destroy(bl_ring *q)
    {
        bl_ring_free(q);
    }
};

struct MutexQueue {
    static constexpr const char *what = "cannot start the queue consumer";
    static bl_mq *make()
    {
        return bl_mq_new(kSlots);
    }
    static bl_consumer *consumer(bl_mq *q, int cpu)
    {
        return bl_consumer_mq(q, cpu);
    }
    static void push(bl_mq *q)
    {
        bl_mq_push(q, bl_nop, nullptr);
    }
    static void drain(bl_mq *q)
    {
        bl_mq_wait_drained(q);
    }
    static void destroy(bl_mq *q)
    {
        bl_mq_free(q);
    }
};

// batched = true: the host cost of kBatch pushes (drained between batches,
// so the queue never fills), like BM_Submit. false: the sustained rate.
template <class Q> void QueueBaseline(benchmark::State &state, const char *name, bool batched)
{
    BeatScope beat(name);
    auto *q = Q::make();
    bu_pin_self(g_pair.producer_cpu);
    bl_consumer *c = q ? Q::consumer(q, g_pair.consumer_cpu) : nullptr;
    if (!c) {
        state.SkipWithError(Q::what);
    } else if (batched) {
        for (auto _ : state) {
            uint64_t t0 = bu_now_ns();
            for (unsigned i = 0; i < kBatch; i++)
                Q::push(q);
            uint64_t t1 = bu_now_ns();
            state.SetIterationTime(static_cast<double>(t1 - t0) * 1e-9);
            Q::drain(q);
        }
        PerItem(state, kBatch);
    } else {
        for (auto _ : state)
            Q::push(q);
        Q::drain(q);
        PerItem(state, 1);
    }
    bl_consumer_stop(c);
    bu_unpin_self();
    if (q)
        Q::destroy(q);
}

void BM_RawRingPush(benchmark::State &state)
{
    QueueBaseline<RingQueue>(state, __func__, true);
}
BENCHMARK(BM_RawRingPush)->UseManualTime();

void BM_RawRingRate(benchmark::State &state)
{
    QueueBaseline<RingQueue>(state, __func__, false);
}
BENCHMARK(BM_RawRingRate)->UseRealTime();

void BM_MutexCondvarQueuePush(benchmark::State &state)
{
    QueueBaseline<MutexQueue>(state, __func__, true);
}
BENCHMARK(BM_MutexCondvarQueuePush)->UseManualTime();

void BM_MutexCondvarQueue(benchmark::State &state)
{
    QueueBaseline<MutexQueue>(state, __func__, false);
}
BENCHMARK(BM_MutexCondvarQueue)->UseRealTime();

void BM_MutexCondvarRoundTrip(benchmark::State &state)
{
    BeatScope beat(__func__);
    bl_mq *req = bl_mq_new(64), *rep = bl_mq_new(64);
    bu_pin_self(g_pair.producer_cpu);
    bl_consumer *c = (req && rep) ? bl_consumer_mq(req, g_pair.consumer_cpu) : nullptr;
    if (!c) {
        state.SkipWithError("cannot start the queue consumer");
    } else {
        for (auto _ : state) {
            bl_mq_push(req, bl_mq_echo, rep);
            bl_mq_pop_run(rep);
        }
        PerItem(state, 1);
    }
    bl_consumer_stop(c);
    bu_unpin_self();
    bl_mq_free(req);
    bl_mq_free(rep);
}
BENCHMARK(BM_MutexCondvarRoundTrip)->UseRealTime();

void BM_CacheLineRoundTrip(benchmark::State &state)
{
    BeatScope beat(__func__);
    bu_pin_self(g_pair.producer_cpu);
    bl_pong *p = bl_pong_start(g_pair.consumer_cpu);
    if (!p) {
        state.SkipWithError("cannot start the partner thread");
    } else {
        bl_pong_exchange(p, 1000); // the partner is up and spinning
        for (auto _ : state)
            bl_pong_exchange(p, 1);
        PerItem(state, 1);
    }
    bl_pong_stop(p);
    bu_unpin_self();
}
BENCHMARK(BM_CacheLineRoundTrip)->UseRealTime();

} // namespace

int main(int argc, char **argv)
{
    // Short default run with medians; explicit --benchmark_* flags win.
    if (!bm::Initialize(argc, argv, "--benchmark_min_time=0.05"))
        return 2;

    bu_affinity_save();
    aclError e = aclInit(nullptr);
    if (e != ACL_SUCCESS || (e = aclrtSetDevice(0)) != ACL_SUCCESS) {
        std::fprintf(stderr, "bm_stream: runtime start failed: %d\n", static_cast<int>(e));
        return 1;
    }
    cpuaclWorkerStats w0;
    std::memset(&w0, 0, sizeof(w0));
    w0.cpu = -1;
    cpuaclGetWorkerStats(0, 0, &w0);
    bu_pick_pair(w0.cpu, &g_pair.consumer_cpu, &g_pair.producer_cpu);
    bu_pin_self(g_pair.producer_cpu); // the host thread, for the runtime benchmarks too
    benchmark::AddCustomContext("cpuacl.worker0_cpu", std::to_string(w0.cpu));
    benchmark::AddCustomContext("cpuacl.host_cpu", std::to_string(g_pair.producer_cpu));

    std::thread(Watchdog, 60u).detach();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();

    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
