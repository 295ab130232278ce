/* SPDX-License-Identifier: Apache-2.0 */
/* Seed 003, peer to peer, exactly in the guide's order: query device 0 <-> 1,
 * fill 10 bytes on device 0 with 1, switch to device 1, enable access from 1
 * to 0, zero 10 bytes on device 1, copy device 0 -> device 1, reset device 1,
 * then device 0. The copied bytes are read back before device 1 goes away. */
#include "seed_common.h"

int main(void)
{
    // AscendCL初始化
    aclError ret = aclInit(NULL);
    CHECK(ret == ACL_SUCCESS);
    int32_t canAccessPeer = 0;
    // 查询Device 0和Device 1之间是否支持内存复制
    EXPECT_OK(aclrtDeviceCanAccessPeer(&canAccessPeer, 0, 1));
    EXPECT(canAccessPeer == 1);
    if (canAccessPeer == 1) {
        // Device 0下的操作
        CHECK_OK(aclrtSetDevice(0));
        void *dev0 = NULL;
        CHECK_OK(aclrtMalloc(&dev0, 10, ACL_MEM_MALLOC_HUGE_FIRST_P2P));
        EXPECT_OK(aclrtMemset(dev0, 10, 1, 10));
        EXPECT_DEV_BYTES(dev0, 10, 1);
        // Device 1下的操作,使能当前Device(Device 1)到指定Device(Device 0)的内存复制
        CHECK_OK(aclrtSetDevice(1));
        EXPECT_OK(aclrtDeviceEnablePeerAccess(0, 0));
        void *dev1 = NULL;
        CHECK_OK(aclrtMalloc(&dev1, 10, ACL_MEM_MALLOC_HUGE_FIRST_P2P));
        EXPECT_OK(aclrtMemset(dev1, 10, 0, 10));
        EXPECT_DEV_BYTES(dev1, 10, 0);
        // 执行复制,将Device 0上的内存数据复制到Device 1上
        EXPECT_OK(aclrtMemcpy(dev1, 10, dev0, 10, ACL_MEMCPY_DEVICE_TO_DEVICE));
        EXPECT_DEV_BYTES(dev1, 10, 1);
        EXPECT_OK(aclrtResetDevice(1));
        // Device 0下的操作,等Device 1下的复制操作完成后,再释放Device 0的资源
        CHECK_OK(aclrtSetDevice(0));
        EXPECT_DEV_BYTES(dev0, 10, 1);
        EXPECT_OK(aclrtResetDevice(0));
        printf("P2P copy success\n");
    } else {
        printf("current device doesn't support p2p feature\n");
    }
    // AscendCL去初始化
    EXPECT_OK(aclFinalize());
    return memapi_exit("seed003_p2p");
}
