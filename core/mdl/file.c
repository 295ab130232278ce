/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The cpuacl model file: CRC-32, the writer, the validating reader, and
 * reading and saving whole files. docs/mdl.md, "The model file", is the
 * format's definition; this file follows it field by field.
 *
 * Header (64 bytes, little-endian): magic "CPUACLMD" [0,8), version u32 @8,
 * header size u32 @12 (64), section count u32 @16, flags u32 @20 (0), file
 * size u64 @24, work size u64 @32, table CRC u32 @40, zeros [44,60), header
 * CRC u32 @60 (of bytes [0,60)). The table follows at 64: one 32-byte entry a
 * section (id u32, flags u32 (0), offset u64, size u64, CRC u32, zero u32).
 * Sections start at multiples of 64 in table order, zeros between them.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/err.h"
#include "core/mdl/bytes.h"
#include "core/mdl/file.h"
#include "core/runtime/fault.h"

/* ---- CRC-32 ------------------------------------------------------------------ */

static uint32_t g_crc_table[256];
static pthread_once_t g_crc_once = PTHREAD_ONCE_INIT;

static void crc_table_init(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        g_crc_table[i] = c;
    }
}

uint32_t core_crc32(uint32_t crc, const void *p, size_t n)
{
    pthread_once(&g_crc_once, crc_table_init); /* the table is read only after it */
    const unsigned char *b = p;
    crc = ~crc;
    for (size_t i = 0; i < n; i++)
        crc = g_crc_table[(crc ^ b[i]) & 0xFF] ^ (crc >> 8);
    return ~crc;
}

/* ---- writing ----------------------------------------------------------------- */

static size_t align_up(size_t v)
{
    return (v + CORE_MDL_ALIGN - 1) & ~(size_t)(CORE_MDL_ALIGN - 1);
}

size_t core_mdl_file_size(const struct core_mdl_section *s, size_t n)
{
    if (n > CORE_MDL_MAX_SECTIONS)
        return 0;
    size_t at = align_up(CORE_MDL_HEADER_SIZE + n * CORE_MDL_ENTRY_SIZE);
    for (size_t i = 0; i < n; i++) {
        if (s[i].size > SIZE_MAX - at - CORE_MDL_ALIGN)
            return 0;
        at += s[i].size;
        if (i + 1 < n)
            at = align_up(at);
    }
    return at;
}

aclError core_mdl_file_write(const struct core_mdl_section *s, size_t n, uint64_t work_size,
                             void *out, size_t cap, size_t *len, const char *fn)
{
    size_t total = core_mdl_file_size(s, n);
    if (!total)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %zu sections (at most %u) or too large", fn,
                        n, CORE_MDL_MAX_SECTIONS);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < i; j++)
            if (s[i].id == s[j].id)
                return core_err(ACL_ERROR_INVALID_PARAM, "%s: section id %u given twice", fn,
                                s[i].id);
    if (cap < total)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the file needs %zu bytes, %zu given", fn,
                        total, cap);
    unsigned char *b = out;
    memset(b, 0, total);
    memcpy(b, CORE_MDL_MAGIC, 8);
    core_mdl_put32(b + 8, CORE_MDL_VERSION);
    core_mdl_put32(b + 12, CORE_MDL_HEADER_SIZE);
    core_mdl_put32(b + 16, (uint32_t)n);
    core_mdl_put64(b + 24, total);
    core_mdl_put64(b + 32, work_size);
    unsigned char *table = b + CORE_MDL_HEADER_SIZE;
    size_t at = align_up(CORE_MDL_HEADER_SIZE + n * CORE_MDL_ENTRY_SIZE);
    for (size_t i = 0; i < n; i++) {
        unsigned char *e = table + i * CORE_MDL_ENTRY_SIZE;
        if (s[i].size)
            memcpy(b + at, s[i].data, s[i].size);
        core_mdl_put32(e, s[i].id);
        core_mdl_put64(e + 8, at);
        core_mdl_put64(e + 16, s[i].size);
        core_mdl_put32(e + 24, core_crc32(0, b + at, s[i].size));
        at = align_up(at + s[i].size);
    }
    core_mdl_put32(b + 40, core_crc32(0, table, n * CORE_MDL_ENTRY_SIZE));
    core_mdl_put32(b + 60, core_crc32(0, b, 60));
    *len = total;
    return ACL_SUCCESS;
}

/* ---- reading ----------------------------------------------------------------- */

static const char *section_name(uint32_t id)
{
    switch (id) {
    case CORE_MDL_SEC_IO:
        return "io";
    case CORE_MDL_SEC_GRAPH:
        return "graph";
    case CORE_MDL_SEC_WEIGHTS:
        return "weights";
    case CORE_MDL_SEC_GEARS:
        return "gears";
    case CORE_MDL_SEC_AIPP:
        return "aipp";
    case CORE_MDL_SEC_OP_ATTRS:
        return "op-attrs";
    case CORE_MDL_SEC_BUNDLE:
        return "bundle";
    case CORE_MDL_SEC_OP:
        return "op";
    default:
        return id >= CORE_MDL_SEC_BUNDLE_MODEL &&
                       id < CORE_MDL_SEC_BUNDLE_MODEL + CORE_MDL_MAX_SECTIONS
                   ? "bundle model"
                   : "unknown";
    }
}

/* The magic is not ours: say what the bytes are. */
static aclError foreign(const unsigned char *b, size_t len, const char *fn)
{
    if (len >= 4 && core_mdl_get32(b) == CORE_MDL_OM_MAGIC) {
        if (len >= 12) {
            uint32_t v = core_mdl_get32(b + 8);
            return core_err(ACL_ERROR_PARSE_MODEL,
                            "%s: an Ascend NPU offline model (.om, magic IMOD, model version "
                            "%u.%u): its tasks and kernels run only on an NPU; convert the "
                            "original model with cpuacl's atc or aclgrphBuildModel",
                            fn, v >> 28, (v >> 24) & 0xF);
        }
        return core_err(ACL_ERROR_PARSE_MODEL,
                        "%s: an Ascend NPU offline model (.om, magic IMOD), and truncated: "
                        "cpuacl runs only its own model files",
                        fn);
    }
    if (len < 8 && !memcmp(b, CORE_MDL_MAGIC, len))
        return core_err(ACL_ERROR_PARSE_MODEL,
                        "%s: truncated model file: %zu bytes, the header alone is %u", fn, len,
                        CORE_MDL_HEADER_SIZE);
    return core_err(ACL_ERROR_PARSE_MODEL,
                    "%s: not a cpuacl model file (the first bytes are not the magic \"%s\")", fn,
                    CORE_MDL_MAGIC);
}

static bool zeros(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

/* The table's entries: in range, in order, not overlapping, unique, intact. */
static aclError check_sections(const unsigned char *b, size_t len, struct core_mdl_file *f,
                               const char *fn)
{
    const unsigned char *table = b + CORE_MDL_HEADER_SIZE;
    size_t floor = CORE_MDL_HEADER_SIZE + f->n * CORE_MDL_ENTRY_SIZE;
    for (size_t i = 0; i < f->n; i++) {
        const unsigned char *e = table + i * CORE_MDL_ENTRY_SIZE;
        uint32_t id = core_mdl_get32(e);
        uint64_t off = core_mdl_get64(e + 8), size = core_mdl_get64(e + 16);
        if (core_mdl_get32(e + 4) || core_mdl_get32(e + 28))
            return core_err(ACL_ERROR_DESERIALIZE_MODEL,
                            "%s: corrupt model file: section %zu (id %u) has reserved bits set", fn,
                            i, id);
        if (off < floor || off > len || size > len - off)
            return core_err(ACL_ERROR_DESERIALIZE_MODEL,
                            "%s: corrupt model file: section %zu (id %u, %s) at [%llu, +%llu) "
                            "is outside [%zu, %zu)",
                            fn, i, id, section_name(id), (unsigned long long)off,
                            (unsigned long long)size, floor, len);
        for (size_t j = 0; j < i; j++)
            if (f->sec[j].id == id)
                return core_err(ACL_ERROR_DESERIALIZE_MODEL,
                                "%s: corrupt model file: section id %u (%s) appears twice", fn, id,
                                section_name(id));
        if (core_crc32(0, b + off, size) != core_mdl_get32(e + 24))
            return core_err(ACL_ERROR_DESERIALIZE_MODEL,
                            "%s: corrupt model file: section %zu (id %u, %s, %llu bytes) fails "
                            "its checksum",
                            fn, i, id, section_name(id), (unsigned long long)size);
        f->sec[i] = (struct core_mdl_section){id, b + off, size};
        floor = off + size;
    }
    return ACL_SUCCESS;
}

aclError core_mdl_file_parse(const void *buf, size_t len, struct core_mdl_file *f, const char *fn)
{
    const unsigned char *b = buf;
    if (len < 8 || memcmp(b, CORE_MDL_MAGIC, 8))
        return foreign(b, len, fn);
    if (len < CORE_MDL_HEADER_SIZE)
        return core_err(ACL_ERROR_PARSE_MODEL,
                        "%s: truncated model file: %zu bytes, the header alone is %u", fn, len,
                        CORE_MDL_HEADER_SIZE);
    uint32_t version = core_mdl_get32(b + 8);
    if (version > CORE_MDL_VERSION)
        return core_err(ACL_ERROR_PARSE_MODEL,
                        "%s: model file version %u is newer than this cpuacl reads (up to %u): "
                        "use a newer cpuacl or convert the model again",
                        fn, version, CORE_MDL_VERSION);
    if (core_crc32(0, b, 60) != core_mdl_get32(b + 60))
        return core_err(ACL_ERROR_DESERIALIZE_MODEL,
                        "%s: corrupt model file: the header fails its checksum", fn);
    uint32_t hsize = core_mdl_get32(b + 12), n = core_mdl_get32(b + 16);
    if (version == 0 || hsize != CORE_MDL_HEADER_SIZE || core_mdl_get32(b + 20) ||
        !zeros(b + 44, 16) || n > CORE_MDL_MAX_SECTIONS)
        return core_err(ACL_ERROR_DESERIALIZE_MODEL,
                        "%s: corrupt model file: version %u, header size %u, %u sections "
                        "(at most %u), reserved fields not zero",
                        fn, version, hsize, n, CORE_MDL_MAX_SECTIONS);
    uint64_t fsize = core_mdl_get64(b + 24);
    if (fsize > len)
        return core_err(ACL_ERROR_PARSE_MODEL,
                        "%s: truncated model file: %zu bytes of the %llu its header gives", fn, len,
                        (unsigned long long)fsize);
    if (fsize < len)
        return core_err(ACL_ERROR_PARSE_MODEL,
                        "%s: model file of %zu bytes where its header gives %llu: bytes "
                        "appended or a wrong size given",
                        fn, len, (unsigned long long)fsize);
    if (CORE_MDL_HEADER_SIZE + (size_t)n * CORE_MDL_ENTRY_SIZE > len)
        return core_err(ACL_ERROR_DESERIALIZE_MODEL,
                        "%s: corrupt model file: a table of %u sections does not fit in %zu "
                        "bytes",
                        fn, n, len);
    if (core_crc32(0, b + CORE_MDL_HEADER_SIZE, (size_t)n * CORE_MDL_ENTRY_SIZE) !=
        core_mdl_get32(b + 40))
        return core_err(ACL_ERROR_DESERIALIZE_MODEL,
                        "%s: corrupt model file: the section table fails its checksum", fn);
    f->version = version;
    f->work_size = core_mdl_get64(b + 32);
    f->n = n;
    return check_sections(b, len, f, fn);
}

const struct core_mdl_section *core_mdl_file_section(const struct core_mdl_file *f, uint32_t id)
{
    for (size_t i = 0; i < f->n; i++)
        if (f->sec[i].id == id)
            return &f->sec[i];
    return NULL;
}

/* ---- whole files ------------------------------------------------------------- */

aclError core_mdl_file_read(const char *path, void **buf, size_t *len, const char *fn)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return core_err(ACL_ERROR_INVALID_FILE, "%s: cannot open model file %s: %s", fn, path,
                        strerror(errno));
    struct stat st;
    aclError rc = ACL_SUCCESS;
    unsigned char *b = NULL;
    if (fstat(fd, &st)) {
        rc = core_err(ACL_ERROR_INVALID_FILE, "%s: cannot stat model file %s: %s", fn, path,
                      strerror(errno));
        goto out;
    }
    if (!S_ISREG(st.st_mode) || st.st_size <= 0) {
        rc = core_err(ACL_ERROR_INVALID_FILE, "%s: model file %s is %s", fn, path,
                      S_ISREG(st.st_mode) ? "empty" : "not a regular file");
        goto out;
    }
    size_t size = (size_t)st.st_size, got = 0;
    if (!(b = core_malloc(size))) {
        rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory for the %zu bytes of %s", fn, size,
                      path);
        goto out;
    }
    while (got < size) {
        ssize_t r = read(fd, b + got, size - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            rc = core_err(ACL_ERROR_READ_MODEL_FAILURE,
                          "%s: reading model file %s failed after %zu of %zu bytes: %s", fn, path,
                          got, size, r ? strerror(errno) : "unexpected end of file");
            free(b);
            b = NULL;
            goto out;
        }
        got += (size_t)r;
    }
    *buf = b;
    *len = size;
out:
    close(fd);
    return rc;
}

aclError core_mdl_file_save(const char *path, const void *buf, size_t len, const char *fn)
{
    size_t n = strlen(path) + 16;
    char *tmp = core_malloc(n);
    if (!tmp)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    snprintf(tmp, n, "%s.tmp%d", path, (int)getpid() % 100000);
    FILE *fp = fopen(tmp, "wb");
    bool ok = fp && fwrite(buf, 1, len, fp) == len;
    ok = fp && !fclose(fp) && ok;
    ok = ok && !rename(tmp, path);
    int err = errno;
    if (!ok)
        unlink(tmp);
    free(tmp);
    if (!ok)
        return core_err(ACL_ERROR_INVALID_FILE, "%s: cannot write model file %s: %s", fn, path,
                        strerror(err));
    return ACL_SUCCESS;
}
