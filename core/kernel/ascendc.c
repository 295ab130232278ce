/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ascend C launches on the device's workers (cpuacl/cpuacl_ascendc.h, core/kernel/ascendc.h,
 * docs/ascendc.md): blocks on fibers, the SyncAll barrier, block failures.
 *
 * A launch of n blocks is one multi-block stream task (core_launch_blocks, CORE_BLOCKS_EXACT)
 * of r = min(n, workers) runners; a kernel binary's launch (binary.c) runs its r runners from
 * inside its owned task (core_owned_blocks, core/launch.h). A runner claims block indices from the
 * launch's counter and runs each on a fiber of its thread (a stack and a unified buffer, pooled per
 * thread): a block that finishes frees its fiber for the next claim; a block waiting in SyncAll
 * stays suspended on its fiber while the runner claims further blocks. Invariants:
 *  AK1. A runner waits (for a barrier) only once the launch has no block left to claim, so
 *       every block not finished is held by a runner that is running: a barrier whose
 *       blocks all arrive completes, whatever n and the worker count (no deadlock when
 *       blocks outnumber workers).
 *  AK2. The barrier word (gen << 32 | left << 16 | arrived; the members are n - left)
 *       changes by CAS only (a solo launch's by its runner alone, AK7): an arrival that
 *       makes arrived == members, or a block leaving (finished, failed, skipped) that makes
 *       it so, completes generation gen (gen + 1, arrived 0) and then advances the condition
 *       `bar` to gen + 1; a block that arrived at gen waits for bar >= gen + 1. A finished
 *       block leaves the barrier for good (left + 1), so the blocks still running never
 *       wait for it.
 *  AK3. Fibers never move between threads: a fiber is created, run and pooled by one
 *       thread, so the thread-local current block is that of the fiber running.
 *  AK4. The last runner to finish (runners_out reaching r, acq_rel) resets the launch's
 *       state lines (claims, results, the barrier word but its generation) for a replay
 *       (captured launches run again) and for the record's next launch (AK6), and returns
 *       its failure; the task completes only after every runner returned (sched/blocks.h
 *       MB2), so the reset precedes the next run and the record's release.
 *  AK5. A failing block (cpuaclAscendcFail) records the first code, logs its message (the
 *       kernel and block), leaves the barrier and switches to its runner for good (its
 *       fiber restarts clean next time). Blocks not yet started are skipped; started ones
 *       finish.
 *  AK6. Launch records up to AC_REC bytes belong to the submitting thread (a ring of at most
 *       AC_LPOOL_KEEP, oldest first, each with the times it was handed out) and never move
 *       between lists: the releaser (any thread) counts the release in the record's `back`
 *       (load + release store: a record's releases are ordered, each hand-out following the
 *       previous release) as its last access, and the owner reuses a record once its back
 *       count equals its hand-outs (acquire). The last runner's reset (AK4) precedes the
 *       release, so a reused record's state lines are reset and the owner writes only the
 *       hot-line fields that changed (AC_SET), the name when it changed, and the arguments: no
 *       list, no pool line, no read-modify-write crosses threads per launch. A thread that
 *       exits leaves its pool, records out included, to the next thread that launches (under
 *       g_lpools_lock), so only owners reuse records and nobody frees a pooled one (the pools
 *       and records live as long as the process: at most AC_LPOOL_KEEP records a thread that
 *       ever launched concurrently). The last runner's reset (AK4) restarts a generation past
 *       BAR_GEN_RENEW at 0, bar's value with it (no block waits then), so the word's 32-bit
 *       generation never wraps, replays of a captured launch included.
 *  AK7. A launch of one runner (solo: blockDim 1 or a device of one worker) runs all its
 *       blocks on one thread, so its claim counter and barrier word are that thread's
 *       alone: relaxed load + store replace the read-modify-writes.
 *  AK8. A fiber started while its runner holds no waiting fiber runs blocks in a chain: when
 *       its block ends it leaves the barrier and claims the next block itself, on the same
 *       stack, with no switch; it returns to the runner when a block waits (SyncAll), fails,
 *       or no block is left (FIB_IDLE: nothing to leave). Resumed fibers do not chain, so a
 *       fiber the runner holds waiting is resumed as soon as the chain ends; a barrier never
 *       waits on a chained block, which runs until it arrives or ends (AK1 holds).
 *  AK9. A SIGSEGV or SIGBUS raised by code running on a block's fiber stack (the stack
 *       pointer inside the fiber's map, its guard page included) fails that block as
 *       cpuaclAscendcFail does (AK5): the handler (installed once, SA_NODEFER | SA_ONSTACK;
 *       each thread running blocks gets a signal stack unless it has one) writes only the
 *       fiber's fault fields and switches to the runner, which records the failure; the
 *       fiber's stack is abandoned and set up afresh. Any other fault goes to the handler
 *       installed before (or the default action). Not under TSan (its signal interception
 *       cannot be left by a switch). What the faulting block wrote stays written; a fault
 *       inside a libc call holding a lock may leave that lock held (documented).
 */
#include "core/kernel/ascendc.h"

#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

#include "core/err.h"
#include "core/launch.h"
#include "cpuacl/cpuacl_ascendc.h"
#include "sched/cond.h"

#if defined(__SANITIZE_THREAD__)
#define AC_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define AC_TSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define AC_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define AC_ASAN 1
#endif
#endif
#ifdef AC_TSAN
#include <sanitizer/tsan_interface.h>
#endif
#ifdef AC_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

#define AC_STACK (256u * 1024u) /* a block's stack */
#define AC_GUARD 4096u          /* between the unified buffer and the stack: overruns fault */
#define AC_POOL_KEEP 16u        /* free fibers a thread keeps */
#define AC_NAME_MAX 128u
#define AC_REC 1024u      /* a pooled launch record: larger ones come from malloc */
#define AC_LPOOL_KEEP 128u /* launch records a submitting thread owns (AK6) */

/* ---- fibers ------------------------------------------------------------------------- */

/* FIB_DONE, FIB_FAILED: its block ended, still a barrier member; FIB_IDLE: it ran blocks in a
 * chain (AK8) and has none now (all left); FIB_FAULT: its block took SIGSEGV/SIGBUS (AK9),
 * recorded by the runner, then as FIB_FAILED. */
enum { FIB_RUN, FIB_WAIT, FIB_DONE, FIB_FAILED, FIB_IDLE, FIB_FAULT };

struct ac_thread;
struct ac_fiber {
    void *sp; /* saved stack pointer while switched out */
    struct ac_thread *home;
    struct ac_fiber *next; /* the pool's free list, a runner's waiting list */
    struct core_ac_launch *l;
    uint64_t target; /* FIB_WAIT: the barrier value it waits for (AK2) */
    uint32_t state;
    bool fresh; /* the stack must be set up before the next start */
    bool chain; /* may claim the next block itself when its block ends (AK8) */
    cpuaclAscendcBlock blk;
    int fault_sig;    /* FIB_FAULT: the signal */
    void *fault_addr; /* FIB_FAULT: the address it names */
#ifdef AC_TSAN
    void *tsan;
#endif
};

struct ac_thread {
    void *sp; /* the runner's stack pointer while a fiber runs */
    struct ac_fiber *free;
    uint32_t nfree;
    bool keyed;
    void *alt; /* the signal stack this thread installed (AK9), NULL: none or another's */
#ifdef AC_TSAN
    void *tsan;
#endif
#ifdef AC_ASAN
    const void *stack_bottom;
    size_t stack_size;
#endif
};

static __thread struct ac_thread t_ac __attribute__((tls_model("initial-exec")));
/* initial-exec: plain %fs-relative accesses at every block switch (the library is linked, not
 * dlopened, and these few bytes fit the static TLS surplus when it is). */
static __thread struct ac_fiber *t_fiber __attribute__((tls_model("initial-exec")));

#define AC_ALTSTACK (64u * 1024u) /* a signal stack per thread running blocks (AK9) */
static void fault_thread_init(struct ac_thread *T);

/* The map of a fiber: [unified buffer][guard][stack]; the fiber's header sits at the top
 * of its stack. */
#define AC_MAP (CPUACL_ASCENDC_UB_SIZE + AC_GUARD + AC_STACK)

#if defined(__x86_64__) && !defined(AC_FORCE_UCONTEXT) /* the latter: to test the fallback */
/* ac_switch(save, to): push the callee-saved registers, store the stack pointer in *save,
 * load `to`, pop and return into the other stack. ac_start: a fresh stack's first return
 * lands here and calls r13(r12). */
void ac_switch(void **save, void *to);
void ac_start(void);
__asm__(".text\n"
        ".globl ac_switch\n"
        ".hidden ac_switch\n"
        ".type ac_switch,@function\n"
        "ac_switch:\n"
        "  pushq %rbp\n"
        "  pushq %rbx\n"
        "  pushq %r12\n"
        "  pushq %r13\n"
        "  pushq %r14\n"
        "  pushq %r15\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  popq %r15\n"
        "  popq %r14\n"
        "  popq %r13\n"
        "  popq %r12\n"
        "  popq %rbx\n"
        "  popq %rbp\n"
        "  ret\n"
        ".size ac_switch,.-ac_switch\n"
        ".globl ac_start\n"
        ".hidden ac_start\n"
        ".type ac_start,@function\n"
        "ac_start:\n"
        "  movq %r12, %rdi\n"
        "  callq *%r13\n"
        "  ud2\n"
        ".size ac_start,.-ac_start\n");

static void fiber_main(struct ac_fiber *f);

/* A fresh stack for f: ac_switch into it pops six registers (r12 = f, r13 = fiber_main)
 * and returns into ac_start with the stack 16-byte aligned for its call. */
static void fiber_setup(struct ac_fiber *f, unsigned char *top)
{
    uint64_t *sp = (uint64_t *)(void *)(top - 72); /* top is 16-aligned: sp + 56 is too */
    memset(sp, 0, 72);
    sp[2] = (uint64_t)(uintptr_t)fiber_main; /* r13 */
    sp[3] = (uint64_t)(uintptr_t)f;          /* r12 */
    sp[6] = (uint64_t)(uintptr_t)ac_start;   /* return address */
    f->sp = sp;
}
#else
#include <ucontext.h>
/* Other machines: ucontext (slower: a signal mask system call per switch). */
static __thread ucontext_t t_runner_uc;
static void fiber_main(struct ac_fiber *f);
static void fiber_entry(unsigned int hi, unsigned int lo)
{
    fiber_main((struct ac_fiber *)(uintptr_t)(((uint64_t)hi << 32) | lo));
}
static void fiber_setup(struct ac_fiber *f, unsigned char *top)
{
    ucontext_t *uc = (ucontext_t *)(void *)(top - ((sizeof(ucontext_t) + 63) & ~(size_t)63));
    getcontext(uc);
    uc->uc_stack.ss_sp = (unsigned char *)f - AC_STACK + 256;
    uc->uc_stack.ss_size = (size_t)((unsigned char *)uc - (unsigned char *)uc->uc_stack.ss_sp);
    uc->uc_link = NULL;
    uint64_t p = (uint64_t)(uintptr_t)f;
    makecontext(uc, (void (*)(void))fiber_entry, 2, (unsigned int)(p >> 32), (unsigned int)p);
    f->sp = uc;
}
/* save: where the switching side's context goes; to: the other side's. */
static void ac_switch(void **save, void *to)
{
    ucontext_t *mine = save == &t_ac.sp ? &t_runner_uc : (ucontext_t *)*save;
    if (save == &t_ac.sp)
        t_ac.sp = mine;
    swapcontext(mine, (ucontext_t *)to);
}
#endif

/* A fiber's map and header; NULL when out of memory. */
static struct ac_fiber *fiber_new(struct ac_thread *T)
{
    unsigned char *m = mmap(NULL, AC_MAP, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    if (mprotect(m + CPUACL_ASCENDC_UB_SIZE, AC_GUARD, PROT_NONE) != 0) {
        munmap(m, AC_MAP);
        return NULL;
    }
    /* The header at the top of the stack, the stack below it. */
    struct ac_fiber *f = (struct ac_fiber *)(void *)(m + AC_MAP - 256);
    _Static_assert(sizeof(struct ac_fiber) <= 256, "the header fits its slot");
    memset(f, 0, sizeof(*f));
    f->home = T;
    f->fresh = true;
    f->blk.ub = m;
    f->blk.ubSize = CPUACL_ASCENDC_UB_SIZE;
    f->blk.rt = f;
#ifdef AC_TSAN
    f->tsan = __tsan_create_fiber(0);
#endif
    return f;
}

static void fiber_free(struct ac_fiber *f)
{
#ifdef AC_TSAN
    __tsan_destroy_fiber(f->tsan);
#endif
    munmap(f->blk.ub, AC_MAP);
}

static pthread_key_t g_key;
static pthread_once_t g_key_once = PTHREAD_ONCE_INIT;

/* A thread's pool goes with the thread. */
static void pool_exit(void *arg)
{
    struct ac_thread *T = arg;
    while (T->free) {
        struct ac_fiber *f = T->free;
        T->free = f->next;
        fiber_free(f);
    }
    T->nfree = 0;
    if (T->alt) { /* AK9: off the signal stack before it goes */
        stack_t off = {.ss_flags = SS_DISABLE};
        (void)sigaltstack(&off, NULL);
        munmap(T->alt, AC_ALTSTACK);
        T->alt = NULL;
    }
}

static void key_make(void)
{
    (void)pthread_key_create(&g_key, pool_exit);
}

static struct ac_fiber *fiber_get(struct ac_thread *T)
{
    struct ac_fiber *f = T->free;
    if (f) {
        T->free = f->next;
        T->nfree--;
        return f;
    }
    if (!T->keyed) {
        pthread_once(&g_key_once, key_make);
        T->keyed = pthread_setspecific(g_key, T) == 0;
        if (T->keyed)
            fault_thread_init(T);
    }
    return fiber_new(T);
}

static void fiber_put(struct ac_thread *T, struct ac_fiber *f)
{
    if (T->nfree >= AC_POOL_KEEP) {
        fiber_free(f);
        return;
    }
    f->next = T->free;
    T->free = f;
    T->nfree++;
}

/* Runner -> fiber f (AK3); returns when f finished, failed or waits. */
static void fiber_enter(struct ac_thread *T, struct ac_fiber *f)
{
    if (f->fresh) {
        f->fresh = false;
        unsigned char *top = (unsigned char *)f;
#ifdef AC_ASAN
        __asan_unpoison_memory_region(top - AC_STACK + 256, AC_STACK - 256);
#endif
        fiber_setup(f, top);
    }
    f->state = FIB_RUN;
    t_fiber = f;
#ifdef AC_TSAN
    if (!T->tsan)
        T->tsan = __tsan_get_current_fiber();
    __tsan_switch_to_fiber(f->tsan, 0);
#endif
#ifdef AC_ASAN
    void *fake = NULL;
    __sanitizer_start_switch_fiber(&fake, (unsigned char *)f - AC_STACK + 256, AC_STACK - 256);
#endif
    ac_switch(&T->sp, f->sp);
#ifdef AC_ASAN
    __sanitizer_finish_switch_fiber(fake, NULL, NULL);
#endif
    t_fiber = NULL;
}

/* Fiber -> its runner, with f->state set. */
static void fiber_leave(struct ac_fiber *f)
{
    struct ac_thread *T = f->home;
#ifdef AC_TSAN
    __tsan_switch_to_fiber(T->tsan, 0);
#endif
#ifdef AC_ASAN
    void *fake = NULL;
    __sanitizer_start_switch_fiber(f->state == FIB_FAILED || f->state == FIB_FAULT ? NULL : &fake,
                                   T->stack_bottom, T->stack_size);
#endif
    ac_switch(&f->sp, T->sp);
#ifdef AC_ASAN
    __sanitizer_finish_switch_fiber(fake, &T->stack_bottom, &T->stack_size);
#endif
}

/* ---- launches ------------------------------------------------------------------------ */

/* The lines of a record by who writes them (AK6): the workers write the first two (claims and
 * results, the barrier) and leave them reset after every run (AK4), so the submitter writes
 * neither when it reuses the record; it reads `back` (the releaser's one write), writes the
 * name and the hot line's fields (the launch's parameters, the start of ctx) only when they
 * changed, and the arguments. Profiled: each line that crossed between the submitting thread
 * and the worker cost a cache miss on the launch's path, most of an empty launch's cost
 * (docs/ascendc.md). */
struct core_ac_launch {
    _Alignas(64) _Atomic uint32_t next; /* A: the next block to claim */
    _Atomic uint32_t runners_out;       /* A: runners finished (AK4) */
    _Atomic int32_t err;                /* A: the first failure, 0 = none */
    _Atomic uint32_t failed;            /* A: a block failed: skip the rest (AK5) */
    uint64_t released;                  /* its releasers', one at a time (AK6): times given back */
    _Alignas(64) _Atomic uint64_t word; /* A: the barrier (AK2) */
    struct sched_cond bar;              /* value: barrier generations completed */
    /* The owner reads back and the name at every launch, the releaser writes back once: not on
     * the lines the runners write, which then stay theirs. */
    _Alignas(64) _Atomic uint64_t back; /* A: times given back (AK6) */
    char name[AC_NAME_MAX];             /* I: written when it differs from the last launch's */
    _Alignas(64) uint32_t n;            /* I */
    bool solo;                          /* I: one runner: its RMWs become load + store (AK7) */
    bool pooled;                        /* I: in its submitter's ring (AK6); false: free() */
    core_ac_block_fn fn;                /* I */
    core_ac_release_fn release;         /* I */
    void *user;                         /* I: fn's ctx (ctx below, or the caller's) */
    _Alignas(16) unsigned char ctx[];   /* I (the kernel's arguments): its first 32 bytes on the
                                         * hot line */
};

_Static_assert(offsetof(struct core_ac_launch, ctx) % 64 == 32, "ctx starts on the hot line");
/* A record's lines up to the end of the hot line (every allocation, 64-byte rounded, has them). */
#define AC_HEAD (offsetof(struct core_ac_launch, ctx) + 32)
_Static_assert(sizeof(struct core_ac_launch) >= AC_HEAD, "every record has its hot line whole");

/* A field of the hot line written only when it changes (AK6): the worker's copy of the line
 * then stays valid, and a launch that repeats the previous one's kernel, block count and
 * arguments moves no line of the record at all. */
#define AC_SET(field, v)                                                                      \
    do {                                                                                      \
        if ((field) != (v))                                                                   \
            (field) = (v);                                                                    \
    } while (0)

#define BAR_ARR(w) ((uint32_t)(w)&0xffffu)
#define BAR_LEFT(w) (((uint32_t)(w) >> 16) & 0xffffu)
#define BAR_GEN(w) ((uint32_t)((w) >> 32))
#define BAR_WORD(g, left, a)                                                                  \
    (((uint64_t)(g) << 32) | ((uint64_t)((left)&0xffffu) << 16) | (uint64_t)(a))
/* A generation count past which the last runner restarts the generations at 0 (AK4, AK6), long
 * before the word's 32-bit generation could wrap. */
#define BAR_GEN_RENEW (1u << 31)

/* AK2's CAS on the barrier word; AK7: a solo launch's word is its runner's alone. */
static inline bool bar_cas(struct core_ac_launch *l, uint64_t *w, uint64_t nw)
{
    if (l->solo) {
        /* relaxed: one thread reads and writes the word (AK7). */
        atomic_store_explicit(&l->word, nw, memory_order_relaxed);
        return true;
    }
    /* acq_rel: every arrival's writes are ordered before the completing one, whose
     * advance (release) publishes them to the waiters. */
    return atomic_compare_exchange_weak_explicit(&l->word, w, nw, memory_order_acq_rel,
                                                 memory_order_relaxed);
}

/* AK2: arrive at the barrier; 0 when this arrival completed it, else the value to wait
 * for. */
static uint64_t bar_arrive(struct core_ac_launch *l)
{
    /* relaxed first read; the CAS orders (bar_cas). */
    uint64_t w = atomic_load_explicit(&l->word, memory_order_relaxed);
    for (;;) {
        uint32_t g = BAR_GEN(w), left = BAR_LEFT(w), a = BAR_ARR(w) + 1;
        bool done = a >= l->n - left; /* the members: the blocks that have not left */
        uint64_t nw = done ? BAR_WORD(g + 1, left, 0) : BAR_WORD(g, left, a);
        if (bar_cas(l, &w, nw)) {
            if (done) {
                sched_cond_advance(&l->bar, (uint64_t)g + 1);
                return 0;
            }
            return (uint64_t)g + 1;
        }
    }
}

/* AK2: a block leaves the barrier for good (finished, failed or skipped). */
static void bar_leave_cas(struct core_ac_launch *l, uint64_t w)
{
    for (;;) {
        uint32_t g = BAR_GEN(w), left = BAR_LEFT(w) + 1, a = BAR_ARR(w);
        bool done = a > 0 && a >= l->n - left;
        uint64_t nw = done ? BAR_WORD(g + 1, left, 0) : BAR_WORD(g, left, a);
        if (bar_cas(l, &w, nw)) {
            if (done)
                sched_cond_advance(&l->bar, (uint64_t)g + 1);
            return;
        }
    }
}

static inline void bar_leave(struct core_ac_launch *l)
{
    if (l->n > CPUACL_ASCENDC_MAX_BLOCK_DIM) /* a kernel binary's launch beyond the barrier's */
        return;
    uint64_t w = atomic_load_explicit(&l->word, memory_order_relaxed);
    if (l->solo && BAR_ARR(w) == 0) {
        /* AK7, relaxed: the runner's own word; with no block arrived a leave completes no
         * generation, it only counts (each chained block of a launch without SyncAll). */
        atomic_store_explicit(&l->word, w + BAR_WORD(0, 1, 0), memory_order_relaxed);
        return;
    }
    bar_leave_cas(l, w);
}

static void fail_first(struct core_ac_launch *l, int32_t code)
{
    int32_t none = 0;
    /* relaxed: read by the last runner after runners_out's acq_rel chain (AK4). */
    atomic_compare_exchange_strong_explicit(&l->err, &none, code, memory_order_relaxed,
                                            memory_order_relaxed);
    /* relaxed: a hint to skip the blocks not started (AK5). */
    atomic_store_explicit(&l->failed, 1, memory_order_relaxed);
}

/* ---- faults in blocks (AK9) ------------------------------------------------------------ */

#ifndef AC_TSAN /* TSan: no handler (fault_thread_init) */
static struct sigaction g_prev_segv, g_prev_bus;
static pthread_once_t g_sig_once = PTHREAD_ONCE_INIT;

/* Was the interrupted code running on f's stack (its guard page included: a stack overflow's
 * stack pointer is there)? On other architectures than these: assumed. */
static bool fault_on_fiber(const struct ac_fiber *f, const void *ucv)
{
#if defined(__x86_64__)
    uintptr_t sp = (uintptr_t)((const ucontext_t *)ucv)->uc_mcontext.gregs[REG_RSP];
#elif defined(__aarch64__)
    uintptr_t sp = (uintptr_t)((const ucontext_t *)ucv)->uc_mcontext.sp;
#else
    (void)ucv;
    uintptr_t sp = (uintptr_t)f - 1;
#endif
    uintptr_t lo = (uintptr_t)f->blk.ub + CPUACL_ASCENDC_UB_SIZE;
    return sp >= lo && sp < (uintptr_t)f;
}

/* Not a block's fault: what was installed before us. */
static void fault_chain(int sig, siginfo_t *si, void *uc)
{
    const struct sigaction *p = sig == SIGBUS ? &g_prev_bus : &g_prev_segv;
    if (p->sa_flags & SA_SIGINFO) {
        p->sa_sigaction(sig, si, uc);
        return;
    }
    if (p->sa_handler != SIG_DFL && p->sa_handler != SIG_IGN) {
        p->sa_handler(sig);
        return;
    }
    /* Default action: restored, the faulting instruction runs again on return and takes it. */
    struct sigaction dfl;
    memset(&dfl, 0, sizeof(dfl));
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    (void)sigaction(sig, &dfl, NULL);
}

/* SIGSEGV/SIGBUS: a block's fault leaves the block for its runner for good (AK9); only the
 * fiber's fields are written here (async-signal-safe), the runner records the failure. */
static void fault_handler(int sig, siginfo_t *si, void *uc)
{
    struct ac_fiber *f = t_fiber;
    if (f && f->state == FIB_RUN && fault_on_fiber(f, uc)) {
        f->fault_sig = sig;
        f->fault_addr = si ? si->si_addr : NULL;
        f->state = FIB_FAULT;
        fiber_leave(f); /* never resumed: the fiber restarts clean (fresh) */
    }
    fault_chain(sig, si, uc);
}

static void fault_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = fault_handler;
    /* NODEFER: the handler leaves by a fiber switch, not sigreturn, so SIGSEGV must not stay
     * blocked in the thread afterwards; ONSTACK: a stack overflow needs another stack. */
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    (void)sigaction(SIGSEGV, &sa, &g_prev_segv);
    (void)sigaction(SIGBUS, &sa, &g_prev_bus);
}
#endif

/* Once per thread that runs blocks: the handlers (once per process) and, unless the thread has
 * one, a signal stack of its own (freed with the thread's pool, pool_exit). */
static void fault_thread_init(struct ac_thread *T)
{
#ifdef AC_TSAN
    (void)T; /* TSan's signal interception cannot be left by a fiber switch: faults crash */
#else
    pthread_once(&g_sig_once, fault_install);
    stack_t cur;
    if (sigaltstack(NULL, &cur) == 0 && !(cur.ss_flags & SS_DISABLE))
        return;
    void *m = mmap(NULL, AC_ALTSTACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return;
    stack_t ss = {.ss_sp = m, .ss_size = AC_ALTSTACK, .ss_flags = 0};
    if (sigaltstack(&ss, NULL) != 0) {
        munmap(m, AC_ALTSTACK);
        return;
    }
    T->alt = m;
#endif
}

/* The runner's side of a fault: the launch fails with the kernel, block and address. */
static void fault_record(struct ac_fiber *f)
{
    char full[640];
    snprintf(full, sizeof(full),
             "Ascend C kernel %s: block %u of %u failed: %s at address %p (an access outside "
             "any mapping: a pointer or GlobalTensor past its data, the unified buffer's end, "
             "or the block's %u KiB stack overflowing)",
             f->l->name, f->blk.blockIdx, f->blk.blockNum,
             f->fault_sig == SIGBUS ? "SIGBUS" : "SIGSEGV", f->fault_addr, AC_STACK / 1024u);
    core_err(ACL_ERROR_RT_AICORE_EXCEPTION, "%s", full);
    core_err_async_detail(ACL_ERROR_RT_AICORE_EXCEPTION, full);
    fail_first(f->l, ACL_ERROR_RT_AICORE_EXCEPTION);
    f->state = FIB_FAILED;
}

/* The next block index of the launch (n or more: none left). */
static inline uint32_t claim_next(struct core_ac_launch *l)
{
    /* relaxed: the counter only hands out indices; the blocks' data come with the task
     * (the launch was published before the fork). */
    uint32_t i = atomic_load_explicit(&l->next, memory_order_relaxed);
    if (l->solo) /* AK7: relaxed, the runner's own counter */
        atomic_store_explicit(&l->next, i + 1, memory_order_relaxed);
    else
        i = atomic_fetch_add_explicit(&l->next, 1, memory_order_relaxed);
    return i;
}

/* Block i of l starts on f with a clean block state. */
static void blk_start(struct ac_fiber *f, struct core_ac_launch *l, uint32_t i)
{
    f->l = l;
    f->blk.blockIdx = i;
    f->blk.blockNum = l->n;
    f->blk.kernelName = l->name;
    f->blk.pipe = NULL;
    f->blk.atomicOp = 0;
    f->blk.atomicType = 0;
    f->blk.vecMask = (cpuaclAscendcMask){{~0ull, ~0ull}, 0};
    f->blk.cmpMask[0] = f->blk.cmpMask[1] = 0;
}

/* A <<<>>> launch's block (cpuaclAscendcLaunch): the entry with the copied arguments. */
struct ac_entry_ctx {
    cpuaclAscendcEntry entry;
    size_t size;
    _Alignas(16) unsigned char args[];
};

static int32_t ac_entry_block(void *ctx, uint32_t idx, uint32_t n)
{
    (void)idx;
    (void)n;
    struct ac_entry_ctx *c = ctx;
    c->entry(c->args);
    return 0;
}

/* The body of every fiber: run the block it is given, then (AK8) the next ones it claims,
 * report, wait for the next start. */
static void fiber_main(struct ac_fiber *f)
{
#ifdef AC_ASAN
    __sanitizer_finish_switch_fiber(NULL, &f->home->stack_bottom, &f->home->stack_size);
#endif
    for (;;) {
        struct core_ac_launch *l = f->l;
        int32_t rc = 0;
        if (l->fn == ac_entry_block) /* the common kind, one indirect call less per block */
            ((struct ac_entry_ctx *)l->user)->entry(((struct ac_entry_ctx *)l->user)->args);
        else
            rc = l->fn(l->user, f->blk.blockIdx, f->blk.blockNum);
        if (rc)
            fail_first(l, rc);
        /* relaxed: AK5's hint. */
        if (!rc && f->chain && !atomic_load_explicit(&l->failed, memory_order_relaxed)) {
            bar_leave(l);
            uint32_t i = claim_next(l);
            if (i < l->n && !atomic_load_explicit(&l->failed, memory_order_relaxed)) {
                blk_start(f, l, i);
                continue;
            }
            if (i < l->n)
                bar_leave(l); /* skipped (AK5) */
            f->state = FIB_IDLE;
        } else {
            f->state = FIB_DONE;
        }
        fiber_leave(f);
    }
}

/* Run or resume f for its launch (chain: AK8); afterwards it is back in the pool or
 * waiting (pushed on *waiting). */
static void fiber_run(struct ac_thread *T, struct ac_fiber *f, struct ac_fiber **waiting,
                      bool chain)
{
    f->chain = chain;
    fiber_enter(T, f);
    if (__builtin_expect(f->state == FIB_FAULT, 0))
        fault_record(f); /* now FIB_FAILED */
    if (f->state == FIB_WAIT) {
        f->next = *waiting;
        *waiting = f;
        return;
    }
    if (f->state != FIB_IDLE)
        bar_leave(f->l);
    if (f->state == FIB_FAILED)
        f->fresh = true; /* its stack ends inside the failing block (AK5) */
    fiber_put(T, f);
}

/* A runner: sched block r of nr of the launch's task. */
static int32_t ac_runner(void *arg, uint32_t r, uint32_t nr)
{
    (void)r;
    struct core_ac_launch *l = arg;
    /* The line after the hot one (a kernel's arguments past their first 16 bytes): its miss
     * overlaps the hot line's instead of following it. */
    __builtin_prefetch(l->ctx + 32, 0, 3);
    struct ac_thread *T = &t_ac;
    struct ac_fiber *waiting = NULL;
    for (;;) {
        /* Waiting blocks whose barrier completed, first. */
        if (waiting) {
            uint64_t v = sched_cond_value(&l->bar);
            struct ac_fiber *still = NULL, *f = waiting;
            waiting = NULL;
            while (f) {
                struct ac_fiber *nx = f->next;
                if (v >= f->target)
                    fiber_run(T, f, &waiting, false);
                else {
                    f->next = still;
                    still = f;
                }
                f = nx;
            }
            while (still) { /* keep the ones still waiting */
                struct ac_fiber *nx = still->next;
                still->next = waiting;
                waiting = still;
                still = nx;
            }
        }
        uint32_t i = claim_next(l);
        if (i < l->n) {
            /* relaxed: AK5's hint. */
            struct ac_fiber *f =
                atomic_load_explicit(&l->failed, memory_order_relaxed) ? NULL : fiber_get(T);
            if (!f) {
                if (!atomic_load_explicit(&l->failed, memory_order_relaxed)) {
                    core_err(ACL_ERROR_RT_AICORE_EXCEPTION,
                             "Ascend C kernel %s: block %u of %u: out of memory for its stack "
                             "and unified buffer",
                             l->name, i, l->n);
                    fail_first(l, ACL_ERROR_RT_AICORE_EXCEPTION);
                }
                bar_leave(l); /* skipped (AK5) */
                continue;
            }
            blk_start(f, l, i);
            fiber_run(T, f, &waiting, waiting == NULL);
            continue;
        }
        if (!waiting)
            break;
        /* AK1: nothing left to claim; wait for the earliest barrier of ours. */
        uint64_t target = UINT64_MAX;
        for (struct ac_fiber *f = waiting; f; f = f->next)
            target = f->target < target ? f->target : target;
        sched_cond_wait(&l->bar, target, 0);
    }
    /* relaxed: our own failure is ordered by program order, others' by the chain below
     * (the last runner reads it after the acq_rel). */
    int32_t err = atomic_load_explicit(&l->err, memory_order_relaxed);
    /* acq_rel: the last runner sees every runner's effects before it resets (AK4). */
    if (atomic_fetch_add_explicit(&l->runners_out, 1, memory_order_acq_rel) + 1 == nr) {
        err = atomic_load_explicit(&l->err, memory_order_relaxed);
        atomic_store_explicit(&l->next, 0, memory_order_relaxed);
        atomic_store_explicit(&l->runners_out, 0, memory_order_relaxed);
        atomic_store_explicit(&l->err, 0, memory_order_relaxed);
        atomic_store_explicit(&l->failed, 0, memory_order_relaxed);
        uint64_t w = atomic_load_explicit(&l->word, memory_order_relaxed);
        uint32_t g = BAR_GEN(w);
        if (g >= BAR_GEN_RENEW) {
            /* AK6: restart the generations before the 32-bit count could wrap (a captured
             * launch replayed forever keeps its record). No block waits now, so bar's value
             * may go back too; relaxed as the stores above. */
            g = 0;
            atomic_store_explicit(&l->bar.value, 0, memory_order_relaxed);
        }
        atomic_store_explicit(&l->word, BAR_WORD(g, 0, 0), memory_order_relaxed);
    }
    return err;
}

/* ---- launch records: a ring per submitting thread (AK6) --------------------------------- */

struct ac_lrec {
    struct core_ac_launch *l;
    uint64_t out; /* times handed out: back when its `back` count reaches it */
};

struct ac_lpool {
    struct ac_lpool *next;              /* g_lpools: a pool whose thread exited */
    uint32_t head, count;               /* ring[head], ... : oldest first */
    struct ac_lrec ring[AC_LPOOL_KEEP]; /* the records this thread owns */
};

static __thread struct ac_lpool *t_lpool __attribute__((tls_model("initial-exec")));
static pthread_key_t g_lkey;
static pthread_once_t g_lkey_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t g_lpools_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ac_lpool *g_lpools; /* g_lpools_lock: pools of exited threads, to adopt (AK6) */

/* The owner thread exits: the next thread that launches adopts its pool, records out
 * included (AK6); pooled records are never freed, so no releaser ever races an owner's exit. */
static void lpool_exit(void *arg)
{
    struct ac_lpool *P = arg;
    t_lpool = NULL;
    pthread_mutex_lock(&g_lpools_lock);
    P->next = g_lpools;
    g_lpools = P;
    pthread_mutex_unlock(&g_lpools_lock);
}

static void lkey_make(void)
{
    (void)pthread_key_create(&g_lkey, lpool_exit);
}

static struct ac_lpool *lpool_mine(void)
{
    struct ac_lpool *P = t_lpool;
    if (P)
        return P;
    pthread_once(&g_lkey_once, lkey_make);
    pthread_mutex_lock(&g_lpools_lock);
    P = g_lpools;
    if (P)
        g_lpools = P->next;
    pthread_mutex_unlock(&g_lpools_lock);
    if (!P && !(P = calloc(1, sizeof(*P))))
        return NULL;
    if (pthread_setspecific(g_lkey, P) != 0) {
        pthread_mutex_lock(&g_lpools_lock); /* back for another thread */
        P->next = g_lpools;
        g_lpools = P;
        pthread_mutex_unlock(&g_lpools_lock);
        return NULL;
    }
    t_lpool = P;
    return P;
}

/* A record not used before: its lines up to the hot line's end cleared (AK4's reset values,
 * an empty name, the hot fields AC_SET compares). */
static struct core_ac_launch *rec_fresh(size_t size, bool pooled)
{
    struct core_ac_launch *l = aligned_alloc(64, (size + 63) & ~(size_t)63);
    if (!l)
        return NULL;
    memset(l, 0, AC_HEAD); /* the hot line whole: AC_SET compares its ctx fields */
    l->pooled = pooled;
    return l;
}

/* Is r's record given back (AK6)? */
static inline bool rec_back(const struct ac_lrec *r)
{
    /* acquire: pairs with the releaser's release store: its uses of the record, and the last
     * runner's reset of the state lines (AK4), precede ours. */
    uint64_t back = atomic_load_explicit(&r->l->back, memory_order_acquire);
    return back == r->out;
}

/* A record of `size` bytes whose state lines are reset (AK4), from the calling thread's ring
 * when it fits: its oldest records are reused once given back; a full ring with none back
 * lends a record from malloc (freed by its releaser). */
static struct core_ac_launch *rec_get(size_t size)
{
    struct ac_lpool *P = size <= AC_REC ? lpool_mine() : NULL;
    if (!P)
        return rec_fresh(size, false);
    struct ac_lrec *got = NULL;
    for (uint32_t k = 0; k < 2 && k < P->count; k++) {
        /* oldest first, to the tail whether back or not (a captured launch's record stays out
         * until its model goes) */
        struct ac_lrec *r = &P->ring[(P->head + P->count) % AC_LPOOL_KEEP];
        *r = P->ring[P->head];
        P->head = (P->head + 1) % AC_LPOOL_KEEP;
        if (rec_back(r)) {
            got = r;
            break;
        }
    }
    /* A ring of one record would read back the line its releaser just wrote at every launch;
     * with two or more, the oldest is fetched below while this launch runs. */
    if (!got || P->count < 2) {
        struct core_ac_launch *f = P->count < AC_LPOOL_KEEP ? rec_fresh(AC_REC, true) : NULL;
        if (f && got) { /* the spare goes first, ours stays the newest */
            P->head = (P->head + AC_LPOOL_KEEP - 1) % AC_LPOOL_KEEP;
            P->ring[P->head] = (struct ac_lrec){f, 0};
            P->count++;
        } else if (f) {
            got = &P->ring[(P->head + P->count) % AC_LPOOL_KEEP];
            *got = (struct ac_lrec){f, 0};
            P->count++;
        } else if (!got) {
            return rec_fresh(size, false);
        }
    }
    got->out++;
    /* The next launch's record: its back line read now, while the caller submits and
     * waits, not on the next launch's path (measured: as fast as not reading back at all). */
    if (P->ring[P->head].l != got->l)
        __builtin_prefetch(&P->ring[P->head].l->back, 0, 3);
    return got->l;
}

/* Give a record back (any thread); its last use by this thread. */
static void rec_put(struct core_ac_launch *l)
{
    if (!l->pooled) {
        free(l);
        return;
    }
    /* The releases of a record are ordered (each hand-out follows the previous release, AK6),
     * so the count is ours to increment; kept on the runners' line, not read from `back`,
     * whose line the owner reads (a miss here, profiled). */
    uint64_t v = ++l->released;
    /* release: our uses of the record precede its owner's reuse (its acquire load). A plain
     * store: no locked instruction waiting for the line on the way to the task's completion. */
    atomic_store_explicit(&l->back, v, memory_order_release);
}

static void ac_release(void *arg)
{
    struct core_ac_launch *l = arg;
    if (l->release)
        l->release(l->ctx);
    rec_put(l);
}

struct core_ac_launch *core_ac_prepare(uint32_t n, const char *name, core_ac_block_fn fn,
                                       core_ac_release_fn release, size_t ctx_size, void **ctx,
                                       const char *api)
{
    struct core_ac_launch *l = rec_get(sizeof(*l) + ctx_size);
    if (!l) {
        core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", api);
        return NULL;
    }
    /* The state lines are reset (AK4, AK6): only what changed is written. */
    AC_SET(l->n, n);
    AC_SET(l->fn, fn);
    AC_SET(l->release, release);
    const char *nm = name && name[0] ? name : "(unnamed)";
    size_t len = strnlen(nm, AC_NAME_MAX - 1);
    if (l->name[len] != '\0' || memcmp(l->name, nm, len) != 0) {
        memcpy(l->name, nm, len);
        l->name[len] = '\0';
    }
    AC_SET(l->user, (void *)l->ctx);
    if (ctx)
        *ctx = l->ctx;
    return l;
}

aclError core_ac_submit(aclrtStream stream, struct core_ac_launch *l, const char *api)
{
    uint32_t w = core_device_workers();
    uint32_t nr = l->n < w ? l->n : w;
    AC_SET(l->solo, nr == 1);
    aclError rc = core_launch_blocks(stream, ac_runner, l, nr, CORE_BLOCKS_EXACT, ac_release, api);
    if (rc)
        ac_release(l);
    return rc;
}

int32_t core_ac_run_owned(uint32_t n, const char *name, core_ac_block_fn fn, void *ctx)
{
    struct core_ac_launch *l = core_ac_prepare(n, name, fn, NULL, 0, NULL, "kernel launch");
    if (!l)
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    AC_SET(l->user, ctx);
    uint32_t w = core_owned_team();
    uint32_t nr = n < w ? n : w;
    AC_SET(l->solo, nr == 1);
    int32_t rc = core_owned_blocks(ac_runner, l, nr);
    rec_put(l);
    return rc;
}

/* ---- the Ascend C interface (entry points: core/api/kernel.c) -------------------------- */

aclError core_ascendc_launch(aclrtStream stream, uint32_t blockDim, const char *kernelName,
                             cpuaclAscendcEntry entry, const void *args, size_t argsSize,
                             const char *api)
{
    const char *kn = kernelName ? kernelName : "(unnamed)";
    if (!entry)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: kernel %s: entry is NULL", api, kn);
    if (!args && argsSize)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: kernel %s: args is NULL with %zu bytes", api,
                        kn, argsSize);
    if (blockDim == 0 || blockDim > CPUACL_ASCENDC_MAX_BLOCK_DIM)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: kernel %s: blockDim %u is not in [1, %u]",
                        api, kn, blockDim, CPUACL_ASCENDC_MAX_BLOCK_DIM);
    if (argsSize > SIZE_MAX / 2) /* the record's size below would wrap */
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: kernel %s: argsSize %zu is too large", api,
                        kn, argsSize);
    void *ctx;
    struct core_ac_launch *l = core_ac_prepare(blockDim, kn, ac_entry_block, NULL,
                                               sizeof(struct ac_entry_ctx) + argsSize, &ctx, api);
    if (!l)
        return ACL_ERROR_BAD_ALLOC;
    struct ac_entry_ctx *c = ctx;
    AC_SET(c->entry, entry);
    AC_SET(c->size, argsSize);
    if (argsSize) /* arguments usually change: compared, they cost more than copied (measured) */
        memcpy(c->args, args, argsSize);
    return core_ac_submit(stream, l, api);
}

const cpuaclAscendcBlock *core_ascendc_current(void)
{
    struct ac_fiber *f = t_fiber;
    return f ? &f->blk : NULL;
}

static void ac_failf(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
static void ac_failf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    core_ascendc_vfail(0, fmt, ap);
}

void core_ascendc_sync_all(void)
{
    struct ac_fiber *f = t_fiber;
    if (!f || f->blk.blockNum == 1)
        return;
    if (f->blk.blockNum > CPUACL_ASCENDC_MAX_BLOCK_DIM)
        ac_failf("SyncAll: the launch has %u blocks, a barrier takes at most %u", f->blk.blockNum,
                 CPUACL_ASCENDC_MAX_BLOCK_DIM);
    uint64_t target = bar_arrive(f->l);
    if (!target || sched_cond_value(&f->l->bar) >= target)
        return;
    f->target = target;
    f->state = FIB_WAIT;
    fiber_leave(f);
}

void core_ascendc_vfail(int32_t code, const char *fmt, va_list ap)
{
    char msg[384];
    vsnprintf(msg, sizeof(msg), fmt ? fmt : "", ap);
    struct ac_fiber *f = t_fiber;
    if (!f) {
        fprintf(stderr, "cpuacl: Ascend C failure outside a kernel block: %s\n", msg);
        abort();
    }
    if (!code)
        code = ACL_ERROR_RT_AICORE_EXCEPTION;
    char full[576];
    snprintf(full, sizeof(full), "Ascend C kernel %s: block %u of %u failed: %s", f->l->name,
             f->blk.blockIdx, f->blk.blockNum, msg);
    core_err(code, "%s", full);
    core_err_async_detail(code, full);
    fail_first(f->l, code);
    f->state = FIB_FAILED;
    fiber_leave(f);
    __builtin_unreachable();
}
