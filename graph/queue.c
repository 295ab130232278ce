/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Models fed by queues (aclmdlLoadFromFileWithQ / FromMemWithQ), the
 * queue_start / queue_stop of the model provider (core/mdl.h): a worker
 * thread a model takes one buffer from each input queue (acltdt queues),
 * runs the model over their data, and puts one new buffer an output on each
 * output queue, until the model is unloaded (docs/mdl.md, "Loads with
 * queues"). Above core/, the worker is a client of the public API.
 *
 *  MQ1. The worker runs the model through its id (aclmdlExecute), as any
 *       caller: once aclmdlUnload removed the id nothing runs any more.
 *  MQ2. stop is set (release) by the unload, which then joins the worker;
 *       the worker reads it (acquire) between queue waits of at most
 *       WAIT_MS, so an unload waits at most that long plus one execution.
 *  MQ3. Input buffers dequeued before a stop are freed by the worker; an
 *       output buffer the output queue does not take (full until the stop)
 *       is freed too: a stopped model leaves nothing allocated.
 *  MQ4. aclFinalize stops every worker (core_mdl_queues_stop_all, before the
 *       devices go) as an unload would; the models stay loaded, workerless.
 *       The worker thread is named "acl-mdl-queue" (threads it starts inherit it).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "acl/acl_mdl.h"
#include "acl/acl_tdt_queue.h"
#include "acl/error_codes/rt_error_codes.h"
#include "core/err.h"
#include "core/mdl.h"
#include "graph/engine.h"

#define WAIT_MS 50

struct gq_worker {
    uint32_t id;
    size_t nin, nout;
    uint32_t *q; /* nin input queues, then nout output queues */
    size_t *in_size, *out_size;
    aclrtContext ctx; /* the loader's, current on the worker */
    atomic_bool stop; /* MQ2 */
    pthread_t thread;
};

static bool stopped(struct gq_worker *w)
{
    return atomic_load_explicit(&w->stop, memory_order_acquire); /* MQ2 */
}

/* One buffer from queue q, waiting until there is one or the worker stops. */
static acltdtBuf take(struct gq_worker *w, uint32_t q)
{
    acltdtBuf b = NULL;
    while (!stopped(w)) {
        aclError rc = acltdtDequeue(q, &b, WAIT_MS);
        if (rc == ACL_SUCCESS)
            return b;
        if (rc != ACL_ERROR_RT_QUEUE_EMPTY)
            return NULL; /* the queue is gone: the worker stops feeding */
    }
    return NULL;
}

/* Put b on queue q, waiting while it is full; false (b not taken) on a stop. */
static bool give(struct gq_worker *w, uint32_t q, acltdtBuf b)
{
    while (!stopped(w)) {
        aclError rc = acltdtEnqueue(q, b, WAIT_MS);
        if (rc == ACL_SUCCESS)
            return true;
        if (rc != ACL_ERROR_RT_QUEUE_FULL)
            return false;
    }
    return false;
}

/* One execution over the buffers in[] (their data the model's inputs): new
 * output buffers on the output queues. */
static void run_once(struct gq_worker *w, acltdtBuf *in, acltdtBuf *out)
{
    aclmdlDataset *ds[2] = {aclmdlCreateDataset(), aclmdlCreateDataset()};
    bool ok = ds[0] && ds[1];
    for (size_t k = 0; ok && k < w->nin + w->nout; k++) {
        bool o = k >= w->nin;
        size_t want = o ? w->out_size[k - w->nin] : w->in_size[k];
        void *p = NULL;
        size_t size = 0, len = 0;
        if (o)
            ok = acltdtAllocBuf(want ? want : 1, 0, &out[k - w->nin]) == ACL_SUCCESS &&
                 acltdtSetBufDataLen(out[k - w->nin], want) == ACL_SUCCESS;
        acltdtBuf b = o ? out[k - w->nin] : in[k];
        ok = ok && acltdtGetBufData(b, &p, &size) == ACL_SUCCESS &&
             acltdtGetBufDataLen(b, &len) == ACL_SUCCESS;
        /* an input's data length is the tensor's bytes */
        aclDataBuffer *db = ok ? aclCreateDataBuffer(p, o ? size : len) : NULL;
        ok = db && aclmdlAddDatasetBuffer(ds[o], db) == ACL_SUCCESS;
        if (!ok && db)
            aclDestroyDataBuffer(db);
    }
    ok = ok && aclmdlExecute(w->id, ds[0], ds[1]) == ACL_SUCCESS; /* MQ1 */
    for (size_t k = 0; k < w->nout; k++) {
        if (ok && out[k] && give(w, w->q[w->nin + k], out[k]))
            out[k] = NULL;
        if (out[k])
            acltdtFreeBuf(out[k]); /* MQ3 */
        out[k] = NULL;
    }
    for (int s = 0; s < 2; s++) {
        for (size_t k = 0; ds[s] && k < aclmdlGetDatasetNumBuffers(ds[s]); k++)
            aclDestroyDataBuffer(aclmdlGetDatasetBuffer(ds[s], k));
        if (ds[s])
            aclmdlDestroyDataset(ds[s]);
    }
}

static void *worker(void *arg)
{
    struct gq_worker *w = arg;
    pthread_setname_np(pthread_self(), "acl-mdl-queue");
    if (w->ctx)
        aclrtSetCurrentContext(w->ctx);
    acltdtBuf *in = calloc(w->nin + w->nout, sizeof(acltdtBuf));
    acltdtBuf *out = in ? in + w->nin : NULL;
    while (in && !stopped(w)) {
        size_t k = 0;
        while (k < w->nin && (in[k] || (in[k] = take(w, w->q[k]))))
            k++;
        if (k == w->nin)
            run_once(w, in, out);
        else if (!stopped(w))
            break; /* an input queue is gone */
        for (k = 0; k < w->nin; k++) {
            if (in[k])
                acltdtFreeBuf(in[k]); /* MQ3 */
            in[k] = NULL;
        }
    }
    free(in);
    return NULL;
}

aclError graph_queue_start(uint32_t id, const uint32_t *q, size_t nin, size_t nout,
                           const size_t *size, void **out, const char *fn)
{
    struct gq_worker *w = calloc(1, sizeof(*w));
    if (w) {
        w->q = malloc((nin + nout) * sizeof(uint32_t));
        w->in_size = malloc((nin + nout) * sizeof(size_t));
    }
    if (!w || !w->q || !w->in_size) {
        if (w) {
            free(w->q);
            free(w->in_size);
        }
        free(w);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    w->id = id;
    w->nin = nin;
    w->nout = nout;
    w->out_size = w->in_size + nin;
    memcpy(w->q, q, (nin + nout) * sizeof(uint32_t));
    memcpy(w->in_size, size, (nin + nout) * sizeof(size_t));
    aclrtGetCurrentContext(&w->ctx);
    atomic_init(&w->stop, false);
    if (pthread_create(&w->thread, NULL, worker, w)) {
        free(w->q);
        free(w->in_size);
        free(w);
        return core_err(ACL_ERROR_FAILURE, "%s: no thread for the model's queues", fn);
    }
    *out = w;
    return ACL_SUCCESS;
}

void graph_queue_stop(void *worker)
{
    struct gq_worker *w = worker;
    if (!w)
        return;
    atomic_store_explicit(&w->stop, true, memory_order_release); /* MQ2 */
    pthread_join(w->thread, NULL);
    free(w->q);
    free(w->in_size);
    free(w);
}
