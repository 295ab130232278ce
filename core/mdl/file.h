/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The cpuacl model file (docs/mdl.md, "The model file"): a 64-byte header
 * with a magic and a version, a table of sections and the sections, each
 * with a CRC-32. The writer turns sections into bytes; the reader validates
 * bytes (refusing a real NPU .om, a truncated or corrupt file and a newer
 * version, each with its code and a message saying which) and gives views of
 * the sections into the caller's bytes, copying nothing.
 *
 * What the sections hold is defined by their ids (enum core_mdl_section_id):
 * the input/output descriptions, gears and operator attributes are decoded by
 * core/mdl/desc.h (core_mdl_desc_decode); the graph, weights and AIPP
 * sections belong to the loader.
 */
#ifndef CPUACL_CORE_MDL_FILE_H
#define CPUACL_CORE_MDL_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

#define CORE_MDL_MAGIC "CPUACLMD" /* the first 8 bytes */
#define CORE_MDL_VERSION 1u       /* the newest version this reader knows */
#define CORE_MDL_HEADER_SIZE 64u
#define CORE_MDL_ENTRY_SIZE 32u /* one section-table entry */
#define CORE_MDL_ALIGN 64u      /* sections start at multiples of this */
#define CORE_MDL_MAX_SECTIONS 64u
/* An Ascend NPU .om starts with this little-endian uint32 (the bytes "IMOD"). */
#define CORE_MDL_OM_MAGIC 0x444F4D49u

enum core_mdl_section_id {
    CORE_MDL_SEC_IO = 1,       /* input and output descriptions (desc.c) */
    CORE_MDL_SEC_GRAPH = 2,    /* the compiled graph (the loader's) */
    CORE_MDL_SEC_WEIGHTS = 3,  /* constant tensors (the loader's); its size is the weight size */
    CORE_MDL_SEC_GEARS = 4,    /* dynamic batch, HW or dims gears (desc.c) */
    CORE_MDL_SEC_AIPP = 5,     /* static AIPP configurations (the loader's) */
    CORE_MDL_SEC_OP_ATTRS = 6, /* operator attributes for aclmdlGetOpAttr (desc.c) */
    CORE_MDL_SEC_BUNDLE = 7,   /* a bundle's table: model count, variable weights (bundle.c) */
    CORE_MDL_SEC_BUNDLE_MODEL = 8, /* ids 8 .. 8 + count - 1: a bundle's models (bundle.c) */
    CORE_MDL_SEC_OP = 72,          /* a single-operator model (core/op/model.c) */
};

struct core_mdl_section {
    uint32_t id;
    const void *data;
    size_t size;
};

/* A validated file: views into the bytes given to core_mdl_file_parse. */
struct core_mdl_file {
    uint32_t version;
    uint64_t work_size; /* working memory an execution needs (aclmdlQuerySize) */
    size_t n;
    struct core_mdl_section sec[CORE_MDL_MAX_SECTIONS];
};

/* CRC-32 (IEEE 802.3, the polynomial of zlib's crc32) of n bytes at p,
 * continuing crc (start with 0). */
uint32_t core_crc32(uint32_t crc, const void *p, size_t n);

/* The bytes core_mdl_file_write needs for these n sections (0 on overflow). */
size_t core_mdl_file_size(const struct core_mdl_section *s, size_t n);
/* Write the file of n sections (n <= CORE_MDL_MAX_SECTIONS, ids unique) into
 * out[0, cap); *len gets its size. ACL_ERROR_INVALID_PARAM naming fn when cap
 * is too small, n too large or an id repeats. */
aclError core_mdl_file_write(const struct core_mdl_section *s, size_t n, uint64_t work_size,
                             void *out, size_t cap, size_t *len, const char *fn);

/* Validate len bytes at buf as a model file and fill f with views of its
 * sections. ACL_ERROR_PARSE_MODEL: not a cpuacl model file (another magic, an
 * NPU .om, a newer version) or truncated; ACL_ERROR_DESERIALIZE_MODEL: a
 * corrupt header, table or section (checksums, offsets). Messages name fn
 * and what failed. */
aclError core_mdl_file_parse(const void *buf, size_t len, struct core_mdl_file *f, const char *fn);
/* The section of that id, NULL when the file has none. */
const struct core_mdl_section *core_mdl_file_section(const struct core_mdl_file *f, uint32_t id);

/* The whole of the file at path, read into *buf (free() it), *len bytes.
 * ACL_ERROR_INVALID_FILE: cannot be opened, not a regular file, empty;
 * ACL_ERROR_READ_MODEL_FAILURE: a read failed; ACL_ERROR_BAD_ALLOC. */
aclError core_mdl_file_read(const char *path, void **buf, size_t *len, const char *fn);
/* Write len bytes to path (created or replaced through a temporary file
 * renamed into place); ACL_ERROR_INVALID_FILE when that fails. */
aclError core_mdl_file_save(const char *path, const void *buf, size_t len, const char *fn);

#endif /* CPUACL_CORE_MDL_FILE_H */
