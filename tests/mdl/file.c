/* SPDX-License-Identifier: Apache-2.0 */
/* The cpuacl model file (docs/mdl.md, "The model file"): the library's writer gives exactly the
 * bytes of this test's own builder (written from the format's text, zlib's crc32); the reader,
 * through aclmdlQuerySizeFromMem, aclmdlGetDescFromMem, aclmdlQuerySize and
 * aclmdlGetDescFromFile, accepts them and refuses, each with its code and a message saying
 * which: every truncation of a small file, every flipped bit of every section and of the header
 * and table, a real NPU .om header, a newer version, appended bytes, a broken table (overlap,
 * out of range, a repeated id), missing and unreadable files. */
#include <fcntl.h>
#include <sys/stat.h>

#include "mdl_test.h"

/* A small valid model: an io section (one input, one output), weights and an unknown section. */
static struct tbuf model(uint32_t version, struct tbuf *io_out)
{
    static const int64_t in_dims[4] = {1, 3, 4, 4}, out_dims[2] = {1, 10};
    struct tbuf io = {0};
    tb_u32(&io, 1);
    tb_u32(&io, 1);
    io_tensor(&io, "data", ACL_FLOAT, ACL_FORMAT_NCHW, 192, 4, in_dims, 0, NULL, 0, NULL);
    io_tensor(&io, "prob", ACL_FLOAT16, ACL_FORMAT_ND, 20, 2, out_dims, 0, NULL, 0, NULL);
    static const unsigned char weights[40] = {1, 2, 3, 4, 5};
    struct tsec s[3] = {{1, io.b, io.n}, {3, weights, sizeof(weights)}, {99, "future", 6}};
    struct tbuf f = build_file(s, 3, version, 4096);
    if (io_out)
        *io_out = io;
    else
        free(io.b);
    return f;
}

static void writer_matches_format(void)
{
    struct tbuf io;
    struct tbuf f = model(1, &io);
    static const unsigned char weights[40] = {1, 2, 3, 4, 5};
    const uint32_t ids[3] = {1, 3, 99};
    const void *const data[3] = {io.b, weights, "future"};
    const size_t sizes[3] = {io.n, sizeof(weights), 6};
    size_t len = 0;
    CHECK_OK(cpuaclTestModelFileWrite(3, ids, data, sizes, 4096, NULL, 0, &len));
    CHECK(len == f.n);
    unsigned char *out = malloc(len);
    CHECK(out);
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "cpuaclTestModelFileWrite",
               cpuaclTestModelFileWrite(3, ids, data, sizes, 4096, out, len - 1, &len));
    CHECK_OK(cpuaclTestModelFileWrite(3, ids, data, sizes, 4096, out, len, &len));
    CHECK(len == f.n && !memcmp(out, f.b, len));
    /* A repeated id is refused; no sections gives a valid empty container. */
    const uint32_t twice[2] = {1, 1};
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "cpuaclTestModelFileWrite",
               cpuaclTestModelFileWrite(2, twice, data, sizes, 0, out, len, &len));
    CHECK_OK(cpuaclTestModelFileWrite(0, NULL, NULL, NULL, 7, out, f.n, &len));
    CHECK(len == 64);
    struct tbuf empty = build_file(NULL, 0, 1, 7);
    CHECK(empty.n == 64 && !memcmp(out, empty.b, 64));
    size_t work = 0, weight = 1;
    CHECK_OK(aclmdlQuerySizeFromMem(out, len, &work, &weight));
    CHECK(work == 7 && weight == 0);
    free(empty.b);
    free(out);
    free(io.b);
    free(f.b);
}

static void reads_good(void)
{
    struct tbuf f = model(1, NULL);
    size_t work = 0, weight = 0;
    CHECK_OK(aclmdlQuerySizeFromMem(f.b, f.n, &work, &weight));
    CHECK(work == 4096 && weight == 40);
    aclmdlDesc *d = aclmdlCreateDesc();
    CHECK(d);
    CHECK_OK(aclmdlGetDescFromMem(d, f.b, f.n));
    CHECK(aclmdlGetNumInputs(d) == 1 && aclmdlGetNumOutputs(d) == 1);
    CHECK(!strcmp(aclmdlGetInputNameByIndex(d, 0), "data"));
    CHECK(aclmdlGetOutputSizeByIndex(d, 0) == 20);
    CHECK_OK(aclmdlDestroyDesc(d));
    free(f.b);
}

/* Every way the bytes at b can be refused by both readers, with want and part in the message. */
static void refused(const unsigned char *b, size_t n, aclError want, const char *part)
{
    size_t work, weight;
    CHECK_FAIL_MSG(want, "aclmdlQuerySizeFromMem", part,
                   aclmdlQuerySizeFromMem(b, n, &work, &weight));
    aclmdlDesc *d = aclmdlCreateDesc();
    CHECK(d);
    CHECK_FAIL_MSG(want, "aclmdlGetDescFromMem", part, aclmdlGetDescFromMem(d, b, n));
    CHECK(aclmdlGetNumInputs(d) == 0); /* a refused file leaves the description as it was */
    aclmdlDestroyDesc(d);
}

static void truncations(void)
{
    struct tbuf f = model(1, NULL);
    for (size_t n = 1; n < f.n; n++) {
        unsigned char *cut = malloc(n); /* exactly n bytes: ASan sees any read past them */
        CHECK(cut);
        memcpy(cut, f.b, n);
        refused(cut, n, ACL_ERROR_PARSE_MODEL, "truncated");
        free(cut);
    }
    /* Appended bytes: the header's size disagrees too. */
    unsigned char *longer = calloc(1, f.n + 1);
    CHECK(longer);
    memcpy(longer, f.b, f.n);
    refused(longer, f.n + 1, ACL_ERROR_PARSE_MODEL, "appended");
    free(longer);
    free(f.b);
}

/* Offset and size of section entry i of file b. */
static void entry(const unsigned char *b, size_t i, size_t *off, size_t *size)
{
    *off = get32_at(b + 64 + 32 * i + 8);
    *size = get32_at(b + 64 + 32 * i + 16);
}

static void flipped_bits(void)
{
    struct tbuf f = model(1, NULL);
    static const char *const names[3] = {"(id 1, io", "(id 3, weights", "(id 99, unknown"};
    for (size_t i = 0; i < 3; i++) {
        size_t off, size;
        entry(f.b, i, &off, &size);
        for (size_t bit = 0; bit < 8 * size; bit++) {
            f.b[off + bit / 8] ^= (unsigned char)(1u << (bit % 8));
            refused(f.b, f.n, ACL_ERROR_DESERIALIZE_MODEL, names[i]);
            f.b[off + bit / 8] ^= (unsigned char)(1u << (bit % 8));
        }
    }
    /* Every bit of the header and the table: always refused (which code depends on the field:
     * the magic and the version say "not ours" or "newer", the rest "corrupt"). */
    size_t end = 64 + 3 * 32;
    for (size_t bit = 0; bit < 8 * end; bit++) {
        f.b[bit / 8] ^= (unsigned char)(1u << (bit % 8));
        size_t work, weight;
        aclError rc = aclmdlQuerySizeFromMem(f.b, f.n, &work, &weight);
        CHECK(rc == ACL_ERROR_PARSE_MODEL || rc == ACL_ERROR_DESERIALIZE_MODEL);
        if (bit / 8 >= 60 && bit / 8 < 64)
            CHECK(strstr(aclGetRecentErrMsg(), "header fails its checksum"));
        if (bit / 8 >= 64)
            CHECK(strstr(aclGetRecentErrMsg(), "section table fails its checksum"));
        f.b[bit / 8] ^= (unsigned char)(1u << (bit % 8));
    }
    /* The padding between sections is outside every checksum: a flip there is harmless. */
    size_t off0, size0, off1, size1;
    entry(f.b, 0, &off0, &size0);
    entry(f.b, 1, &off1, &size1);
    if (off0 + size0 < off1) {
        f.b[off0 + size0] ^= 1;
        size_t work, weight;
        CHECK_OK(aclmdlQuerySizeFromMem(f.b, f.n, &work, &weight));
        f.b[off0 + size0] ^= 1;
    }
    free(f.b);
}

static void foreign_and_newer(void)
{
    /* A real NPU .om starts with "IMOD" (0x444F4D49 little-endian), then headsize 256 and the
     * model version 0x20000000 (2.0); 256 bytes of header follow. */
    unsigned char om[512] = {0};
    put32_at(om, 0x444F4D49u);
    put32_at(om + 4, 256);
    put32_at(om + 8, 0x20000000u);
    CHECK(!memcmp(om, "IMOD", 4));
    refused(om, sizeof(om), ACL_ERROR_PARSE_MODEL, "Ascend NPU offline model (.om");
    refused(om, sizeof(om), ACL_ERROR_PARSE_MODEL, "model version 2.0");
    refused(om, 6, ACL_ERROR_PARSE_MODEL, "Ascend NPU offline model");
    refused((const unsigned char *)"PK\3\4 not a model at all", 24, ACL_ERROR_PARSE_MODEL,
            "not a cpuacl model file");
    /* A newer version: refused before anything else is read (its layout may differ). */
    struct tbuf f = model(2, NULL);
    refused(f.b, f.n, ACL_ERROR_PARSE_MODEL, "version 2 is newer");
    put32_at(f.b + 16, 9999); /* a section count this version could not hold */
    reseal_header(f.b);
    refused(f.b, f.n, ACL_ERROR_PARSE_MODEL, "version 2 is newer");
    free(f.b);
    /* Version 0 and a wrong header size are corrupt. */
    f = model(0, NULL);
    refused(f.b, f.n, ACL_ERROR_DESERIALIZE_MODEL, "corrupt model file");
    put32_at(f.b + 8, 1);
    put32_at(f.b + 12, 128);
    reseal_header(f.b);
    refused(f.b, f.n, ACL_ERROR_DESERIALIZE_MODEL, "header size 128");
    free(f.b);
}

/* Rewrite entry i of b (offset, size), re-sealing the table and header (contents stay). */
static void set_entry(unsigned char *b, size_t n, size_t i, uint32_t id, size_t off, size_t size)
{
    unsigned char *e = b + 64 + 32 * i;
    put32_at(e, id);
    put32_at(e + 8, (uint32_t)off);
    put32_at(e + 16, (uint32_t)size);
    put32_at(e + 24, (uint32_t)crc32(0, b + off, (uInt)(off + size <= n ? size : 0)));
    put32_at(b + 40, (uint32_t)crc32(0, b + 64, 32 * get32_at(b + 16)));
    reseal_header(b);
}

static void broken_tables(void)
{
    struct tbuf good = model(1, NULL);
    size_t off0, size0, off1, size1;
    entry(good.b, 0, &off0, &size0);
    entry(good.b, 1, &off1, &size1);
    struct tbuf f = {malloc(good.n), good.n, good.n};
    CHECK(f.b);
    /* Overlapping the previous section. */
    memcpy(f.b, good.b, good.n);
    set_entry(f.b, f.n, 1, 3, off0 + 1, size1);
    refused(f.b, f.n, ACL_ERROR_DESERIALIZE_MODEL, "is outside");
    /* Past the end of the file. */
    memcpy(f.b, good.b, good.n);
    set_entry(f.b, f.n, 1, 3, off1, f.n);
    refused(f.b, f.n, ACL_ERROR_DESERIALIZE_MODEL, "is outside");
    /* Inside the table. */
    memcpy(f.b, good.b, good.n);
    set_entry(f.b, f.n, 0, 1, 64, 8);
    refused(f.b, f.n, ACL_ERROR_DESERIALIZE_MODEL, "is outside");
    /* An id twice. */
    memcpy(f.b, good.b, good.n);
    set_entry(f.b, f.n, 1, 1, off1, size1);
    refused(f.b, f.n, ACL_ERROR_DESERIALIZE_MODEL, "appears twice");
    /* No io section: the sizes answer, a description cannot be made. */
    memcpy(f.b, good.b, good.n);
    set_entry(f.b, f.n, 0, 7, off0, size0);
    size_t work, weight;
    CHECK_OK(aclmdlQuerySizeFromMem(f.b, f.n, &work, &weight));
    aclmdlDesc *d = aclmdlCreateDesc();
    CHECK_FAIL_MSG(ACL_ERROR_DESERIALIZE_MODEL, "aclmdlGetDescFromMem", "no io section",
                   aclmdlGetDescFromMem(d, f.b, f.n));
    aclmdlDestroyDesc(d);
    free(f.b);
    free(good.b);
}

static void files(void)
{
    char dir[] = "/tmp/cpuacl_mdl_file_XXXXXX";
    CHECK(mkdtemp(dir));
    char path[256], missing[256], empty[256];
    snprintf(path, sizeof(path), "%s/m.om", dir);
    snprintf(missing, sizeof(missing), "%s/none.om", dir);
    snprintf(empty, sizeof(empty), "%s/empty.om", dir);
    struct tbuf f = model(1, NULL);
    FILE *fp = fopen(path, "wb");
    CHECK(fp && fwrite(f.b, 1, f.n, fp) == f.n && !fclose(fp));
    fp = fopen(empty, "wb");
    CHECK(fp && !fclose(fp));
    size_t work = 0, weight = 0;
    CHECK_OK(aclmdlQuerySize(path, &work, &weight));
    CHECK(work == 4096 && weight == 40);
    aclmdlDesc *d = aclmdlCreateDesc();
    CHECK_OK(aclmdlGetDescFromFile(d, path));
    CHECK(aclmdlGetNumInputs(d) == 1 && aclmdlGetInputSizeByIndex(d, 0) == 192);
    CHECK_FAIL_MSG(ACL_ERROR_INVALID_FILE, "aclmdlQuerySize", "cannot open",
                   aclmdlQuerySize(missing, &work, &weight));
    CHECK_FAIL_MSG(ACL_ERROR_INVALID_FILE, "aclmdlGetDescFromFile", "empty",
                   aclmdlGetDescFromFile(d, empty));
    CHECK_FAIL_MSG(ACL_ERROR_INVALID_FILE, "aclmdlGetDescFromFile", "not a regular file",
                   aclmdlGetDescFromFile(d, dir));
    CHECK(aclmdlGetNumInputs(d) == 1); /* still the good model */
    /* A truncated file on disk. */
    CHECK(!truncate(path, (off_t)f.n - 1));
    CHECK_FAIL_MSG(ACL_ERROR_PARSE_MODEL, "aclmdlQuerySize", "truncated",
                   aclmdlQuerySize(path, &work, &weight));
    /* NULL arguments. */
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlQuerySize", aclmdlQuerySize(NULL, &work, &weight));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlQuerySize", aclmdlQuerySize(path, NULL, &weight));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlQuerySize", aclmdlQuerySize(path, &work, NULL));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlQuerySizeFromMem",
               aclmdlQuerySizeFromMem(NULL, 1, &work, &weight));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlQuerySizeFromMem",
               aclmdlQuerySizeFromMem(f.b, 0, &work, &weight));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlQuerySizeFromMem",
               aclmdlQuerySizeFromMem(f.b, f.n, &work, NULL));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetDescFromFile", aclmdlGetDescFromFile(d, NULL));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetDescFromFile", aclmdlGetDescFromFile(NULL, path));
    aclmdlDestroyDesc(d);
    unlink(path);
    unlink(empty);
    rmdir(dir);
    free(f.b);
}

int main(void)
{
    /* The file calls need no aclInit; run them without and with a runtime. */
    writer_matches_format();
    reads_good();
    truncations();
    flipped_bits();
    foreign_and_newer();
    broken_tables();
    files();
    TEST_OPEN();
    reads_good();
    files();
    TEST_CLOSE();
    printf("mdl_file: ok\n");
    return 0;
}
