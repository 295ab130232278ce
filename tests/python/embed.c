/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A C program that embeds Python through libpython3 and runs the script file named by its
 * argument (tests/python/test_startup.py: `import acl` in an embedded interpreter). Exit
 * status 0 when the script ran without an uncaught exception, 1 otherwise, 2 on bad use.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s SCRIPT.py\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    Py_Initialize();
    int rc = PyRun_SimpleFileEx(f, argv[1], 1); /* closes f */
    if (Py_FinalizeEx() < 0)
        rc = -1;
    return rc == 0 ? 0 : 1;
}
