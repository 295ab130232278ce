/* SPDX-License-Identifier: Apache-2.0 */
/* Dynamic AIPP parameter sets (docs/mdl.md, "AIPP parameter sets"): creation (a batch of 0, an
 * impossible batch, allocation failure), the parameter-block size, and every setter at both ends
 * of every documented range and one past them, switches other than 0 and 1, a switch of 0 that
 * skips the other values' checks, NaN normalisation values, batch indexes at and past the batch,
 * and NULL sets; each refusal ACL_ERROR_INVALID_PARAM naming the call and the parameter. */
#include <math.h>

#include "mdl_test.h"

#define BAD(fn, part, call) CHECK_FAIL_MSG(ACL_ERROR_INVALID_PARAM, fn, part, call)

static void create(void)
{
    CHECK(aclmdlCreateAIPP(0) == NULL);
    CHECK_RECORDED("aclmdlCreateAIPP");
    CHECK(aclmdlCreateAIPP(UINT64_MAX) == NULL);
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_BAD_ALLOC);
    cpuaclTestFailAlloc(0);
    CHECK(aclmdlCreateAIPP(4) == NULL);
    cpuaclTestFailAlloc(-1);
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_ERROR_BAD_ALLOC);
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlDestroyAIPP", aclmdlDestroyAIPP(NULL));

    size_t size = 0;
    CHECK_OK(aclmdlGetAippDataSize(1, &size));
    CHECK(size == 64 + 96);
    CHECK_OK(aclmdlGetAippDataSize(8, &size));
    CHECK(size == 64 + 8 * 96);
    BAD("aclmdlGetAippDataSize", "batchSize 0", aclmdlGetAippDataSize(0, &size));
    BAD("aclmdlGetAippDataSize", "batchSize", aclmdlGetAippDataSize(UINT64_MAX, &size));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlGetAippDataSize", aclmdlGetAippDataSize(1, NULL));
}

static void setters(void)
{
    aclmdlAIPP *a = aclmdlCreateAIPP(2);
    CHECK(a);
    const char *f;

    f = "aclmdlSetAIPPInputFormat";
    for (int v = ACL_YUV420SP_U8; v <= ACL_RAW24; v++)
        CHECK_OK(aclmdlSetAIPPInputFormat(a, (aclAippInputFormat)v));
    BAD(f, "inputFormat", aclmdlSetAIPPInputFormat(a, (aclAippInputFormat)0));
    BAD(f, "inputFormat", aclmdlSetAIPPInputFormat(a, (aclAippInputFormat)15));
    BAD(f, "inputFormat", aclmdlSetAIPPInputFormat(a, ACL_AIPP_RESERVED));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, f, aclmdlSetAIPPInputFormat(NULL, ACL_RGB888_U8));

    f = "aclmdlSetAIPPCscParams";
    CHECK_OK(aclmdlSetAIPPCscParams(a, 1, 298, 516, 0, 298, -100, -208, 298, 0, 409, 16, 128, 128,
                                    16, 128, 128));
    CHECK_OK(
        aclmdlSetAIPPCscParams(a, 1, -32677, 32676, 0, 0, 0, 0, 0, 0, 0, 0, 255, 0, 255, 0, 0));
    BAD(f, "cscMatrixR0C0",
        aclmdlSetAIPPCscParams(a, 1, -32678, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    BAD(f, "cscMatrixR2C2",
        aclmdlSetAIPPCscParams(a, 1, 0, 0, 0, 0, 0, 0, 0, 0, 32677, 0, 0, 0, 0, 0, 0));
    BAD(f, "cscMatrixR1C1",
        aclmdlSetAIPPCscParams(a, 1, 0, 0, 0, 0, INT16_MIN, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    BAD(f, "cscSwitch", aclmdlSetAIPPCscParams(a, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    BAD(f, "cscSwitch", aclmdlSetAIPPCscParams(a, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    /* Off: the matrix is not looked at. */
    CHECK_OK(
        aclmdlSetAIPPCscParams(a, 0, INT16_MIN, INT16_MAX, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, f,
               aclmdlSetAIPPCscParams(NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));

    CHECK_OK(aclmdlSetAIPPRbuvSwapSwitch(a, 0));
    CHECK_OK(aclmdlSetAIPPRbuvSwapSwitch(a, 1));
    BAD("aclmdlSetAIPPRbuvSwapSwitch", "rbuvSwapSwitch", aclmdlSetAIPPRbuvSwapSwitch(a, 2));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlSetAIPPRbuvSwapSwitch",
               aclmdlSetAIPPRbuvSwapSwitch(NULL, 0));
    CHECK_OK(aclmdlSetAIPPAxSwapSwitch(a, 1));
    BAD("aclmdlSetAIPPAxSwapSwitch", "axSwapSwitch", aclmdlSetAIPPAxSwapSwitch(a, -1));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlSetAIPPAxSwapSwitch",
               aclmdlSetAIPPAxSwapSwitch(NULL, 0));

    f = "aclmdlSetAIPPSrcImageSize";
    CHECK_OK(aclmdlSetAIPPSrcImageSize(a, 2, 1));
    CHECK_OK(aclmdlSetAIPPSrcImageSize(a, 4096, 4096));
    BAD(f, "srcImageSizeW", aclmdlSetAIPPSrcImageSize(a, 1, 1));
    BAD(f, "srcImageSizeW", aclmdlSetAIPPSrcImageSize(a, 4097, 1));
    BAD(f, "srcImageSizeH", aclmdlSetAIPPSrcImageSize(a, 2, 0));
    BAD(f, "srcImageSizeH", aclmdlSetAIPPSrcImageSize(a, 2, 4097));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, f, aclmdlSetAIPPSrcImageSize(NULL, 224, 224));

    f = "aclmdlSetAIPPScfParams";
    CHECK_OK(aclmdlSetAIPPScfParams(a, 1, 16, 16, 16, 16, 0));
    CHECK_OK(aclmdlSetAIPPScfParams(a, 1, 4096, 4096, 1920, 4096, 1));
    CHECK_OK(aclmdlSetAIPPScfParams(a, 1, 256, 256, 16, 16, 1)); /* 1/16 */
    CHECK_OK(aclmdlSetAIPPScfParams(a, 1, 16, 16, 256, 256, 1)); /* 16 */
    BAD(f, "scfInputSizeW", aclmdlSetAIPPScfParams(a, 1, 15, 16, 16, 16, 0));
    BAD(f, "scfInputSizeH", aclmdlSetAIPPScfParams(a, 1, 16, 4097, 16, 16, 0));
    BAD(f, "scfOutputSizeW", aclmdlSetAIPPScfParams(a, 1, 16, 16, 1921, 16, 0));
    BAD(f, "scfOutputSizeW", aclmdlSetAIPPScfParams(a, 1, 16, 16, 15, 16, 0));
    BAD(f, "scfOutputSizeH", aclmdlSetAIPPScfParams(a, 1, 16, 16, 16, 4097, 0));
    BAD(f, "ratio", aclmdlSetAIPPScfParams(a, 1, 257, 16, 16, 16, 0));
    BAD(f, "ratio", aclmdlSetAIPPScfParams(a, 1, 16, 16, 16, 257, 0));
    BAD(f, "scfSwitch", aclmdlSetAIPPScfParams(a, 3, 16, 16, 16, 16, 0));
    BAD(f, "batchIndex 2", aclmdlSetAIPPScfParams(a, 0, 16, 16, 16, 16, 2));
    CHECK_OK(aclmdlSetAIPPScfParams(a, 0, 0, 0, 0, 0, 1));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, f, aclmdlSetAIPPScfParams(NULL, 0, 0, 0, 0, 0, 0));

    f = "aclmdlSetAIPPCropParams";
    CHECK_OK(aclmdlSetAIPPCropParams(a, 1, 0, 0, 1, 1, 0));
    CHECK_OK(aclmdlSetAIPPCropParams(a, 1, 4095, 4095, 4096, 4096, 1));
    BAD(f, "cropStartPosW", aclmdlSetAIPPCropParams(a, 1, -1, 0, 1, 1, 0));
    BAD(f, "cropStartPosH", aclmdlSetAIPPCropParams(a, 1, 0, 4096, 1, 1, 0));
    BAD(f, "cropSizeW", aclmdlSetAIPPCropParams(a, 1, 0, 0, 0, 1, 0));
    BAD(f, "cropSizeH", aclmdlSetAIPPCropParams(a, 1, 0, 0, 1, 4097, 0));
    BAD(f, "cropSwitch", aclmdlSetAIPPCropParams(a, 2, 0, 0, 1, 1, 0));
    BAD(f, "batchIndex 5", aclmdlSetAIPPCropParams(a, 1, 0, 0, 1, 1, 5));
    CHECK_OK(aclmdlSetAIPPCropParams(a, 0, -5, -5, 0, 0, 1));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, f, aclmdlSetAIPPCropParams(NULL, 0, 0, 0, 1, 1, 0));

    f = "aclmdlSetAIPPPaddingParams";
    CHECK_OK(aclmdlSetAIPPPaddingParams(a, 1, 0, 0, 0, 0, 0));
    CHECK_OK(aclmdlSetAIPPPaddingParams(a, 1, 32, 32, 32, 32, 1));
    BAD(f, "paddingSizeTop", aclmdlSetAIPPPaddingParams(a, 1, 33, 0, 0, 0, 0));
    BAD(f, "paddingSizeBottom", aclmdlSetAIPPPaddingParams(a, 1, 0, -1, 0, 0, 0));
    BAD(f, "paddingSizeLeft", aclmdlSetAIPPPaddingParams(a, 1, 0, 0, 33, 0, 0));
    BAD(f, "paddingSizeRight", aclmdlSetAIPPPaddingParams(a, 1, 0, 0, 0, 33, 0));
    BAD(f, "paddingSwitch", aclmdlSetAIPPPaddingParams(a, 2, 0, 0, 0, 0, 0));
    BAD(f, "batchIndex", aclmdlSetAIPPPaddingParams(a, 1, 0, 0, 0, 0, UINT64_MAX));
    CHECK_OK(aclmdlSetAIPPPaddingParams(a, 0, 99, 99, 99, 99, 0));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, f, aclmdlSetAIPPPaddingParams(NULL, 0, 0, 0, 0, 0, 0));

    f = "aclmdlSetAIPPDtcPixelMean";
    CHECK_OK(aclmdlSetAIPPDtcPixelMean(a, 0, 0, 0, 0, 0));
    CHECK_OK(aclmdlSetAIPPDtcPixelMean(a, 255, 255, 255, 255, 1));
    BAD(f, "dtcPixelMeanChn0", aclmdlSetAIPPDtcPixelMean(a, -1, 0, 0, 0, 0));
    BAD(f, "dtcPixelMeanChn3", aclmdlSetAIPPDtcPixelMean(a, 0, 0, 0, 256, 0));
    BAD(f, "batchIndex", aclmdlSetAIPPDtcPixelMean(a, 0, 0, 0, 0, 2));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, f, aclmdlSetAIPPDtcPixelMean(NULL, 0, 0, 0, 0, 0));

    f = "aclmdlSetAIPPDtcPixelMin";
    CHECK_OK(aclmdlSetAIPPDtcPixelMin(a, 0.0f, 0.5f, 254.9f, 255.0f, 0));
    BAD(f, "dtcPixelMin of channel 0", aclmdlSetAIPPDtcPixelMin(a, -0.01f, 0, 0, 0, 0));
    BAD(f, "dtcPixelMin of channel 2", aclmdlSetAIPPDtcPixelMin(a, 0, 0, 255.5f, 0, 0));
    BAD(f, "dtcPixelMin of channel 1", aclmdlSetAIPPDtcPixelMin(a, 0, NAN, 0, 0, 0));
    BAD(f, "batchIndex", aclmdlSetAIPPDtcPixelMin(a, 0, 0, 0, 0, 2));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, f, aclmdlSetAIPPDtcPixelMin(NULL, 0, 0, 0, 0, 0));

    f = "aclmdlSetAIPPPixelVarReci";
    CHECK_OK(aclmdlSetAIPPPixelVarReci(a, -65504.0f, 65504.0f, 1.0f / 255, 0.0f, 1));
    BAD(f, "dtcPixelVarReci of channel 3", aclmdlSetAIPPPixelVarReci(a, 1, 1, 1, 65505.0f, 0));
    BAD(f, "dtcPixelVarReci of channel 0", aclmdlSetAIPPPixelVarReci(a, -INFINITY, 1, 1, 1, 0));
    BAD(f, "dtcPixelVarReci of channel 0", aclmdlSetAIPPPixelVarReci(a, NAN, 1, 1, 1, 0));
    BAD(f, "batchIndex", aclmdlSetAIPPPixelVarReci(a, 1, 1, 1, 1, 3));
    CHECK_FAIL(ACL_ERROR_INVALID_PARAM, f, aclmdlSetAIPPPixelVarReci(NULL, 1, 1, 1, 1, 0));

    CHECK_OK(aclmdlDestroyAIPP(a));
}

int main(void)
{
    create();
    setters();
    TEST_OPEN();
    setters();
    TEST_CLOSE();
    printf("mdl_aipp: ok\n");
    return 0;
}
