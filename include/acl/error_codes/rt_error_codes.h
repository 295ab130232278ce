/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Runtime error codes (ACL_ERROR_RT_*) returned by the aclrt and aclmdlRI
 * functions. They are plain integer macros, as in AscendCL, so they can be
 * used in #if and switch labels. Ranges: 107xxx caller errors, 207xxx
 * resource / feature errors, 507xxx internal or device-side failures.
 * acl/acl_base.h includes this header.
 */
#ifndef CPUACL_ACL_ERROR_CODES_RT_ERROR_CODES_H
#define CPUACL_ACL_ERROR_CODES_RT_ERROR_CODES_H

#define ACL_RT_SUCCESS 0 /* no error */

/* --- 107xxx: invalid use of the API ------------------------------------ */
#define ACL_ERROR_RT_PARAM_INVALID 107000            /* runtime parameter check failed */
#define ACL_ERROR_RT_INVALID_DEVICEID 107001         /* device id out of range */
#define ACL_ERROR_RT_CONTEXT_NULL 107002             /* calling thread has no current context */
#define ACL_ERROR_RT_STREAM_CONTEXT 107003           /* stream belongs to another context */
#define ACL_ERROR_RT_MODEL_CONTEXT 107004            /* model belongs to another context */
#define ACL_ERROR_RT_STREAM_MODEL 107005             /* stream is not part of the model */
#define ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID 107006  /* event has no valid timestamp */
#define ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL 107007 /* end event completed before start event */
#define ACL_ERROR_RT_ADDR_UNALIGNED 107008           /* address not suitably aligned */
#define ACL_ERROR_RT_FILE_OPEN 107009                /* could not open a file */
#define ACL_ERROR_RT_FILE_WRITE 107010               /* could not write a file */
#define ACL_ERROR_RT_STREAM_SUBSCRIBE 107011         /* stream subscription error */
#define ACL_ERROR_RT_THREAD_SUBSCRIBE 107012         /* thread subscription error */
#define ACL_ERROR_RT_GROUP_NOT_SET 107013            /* no group selected */
#define ACL_ERROR_RT_GROUP_NOT_CREATE 107014         /* group was not created */
#define ACL_ERROR_RT_STREAM_NO_CB_REG 107015         /* no callback thread registered for stream */
#define ACL_ERROR_RT_INVALID_MEMORY_TYPE 107016      /* unknown memory type */
#define ACL_ERROR_RT_INVALID_HANDLE 107017           /* stale, foreign or garbage handle */
#define ACL_ERROR_RT_INVALID_MALLOC_TYPE 107018      /* unknown allocation type */
#define ACL_ERROR_RT_WAIT_TIMEOUT 107019             /* a wait timed out */
#define ACL_ERROR_RT_TASK_TIMEOUT 107020             /* a task timed out */
#define ACL_ERROR_RT_SYSPARAMOPT_NOT_SET 107021      /* system option was never set */
#define ACL_ERROR_RT_DEVICE_TASK_ABORT 107022        /* device is aborting its tasks */
#define ACL_ERROR_RT_STREAM_ABORT 107023             /* stream is aborting */

/* ACL Graph (stream capture) misuse */
#define ACL_ERROR_RT_CAPTURE_DEPENDENCY 107024          /* wait without a record in the capture */
#define ACL_ERROR_RT_STREAM_UNJOINED 107025             /* forked stream not joined back */
#define ACL_ERROR_RT_MODEL_CAPTURED 107026              /* model is still being captured */
#define ACL_ERROR_RT_STREAM_CAPTURED 107027             /* not allowed on a capturing stream */
#define ACL_ERROR_RT_EVENT_CAPTURED 107028              /* not allowed on a captured event */
#define ACL_ERROR_RT_STREAM_NOT_CAPTURED 107029         /* stream is not capturing */
#define ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT 107030    /* call forbidden by the capture mode */
#define ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT 107031     /* default stream used inside a capture */
#define ACL_ERROR_STREAM_CAPTURE_CONFLICT 107032        /* objects of two captures mixed */
#define ACL_ERROR_STREAM_TASK_GROUP_STATUS 107033       /* task group begun/ended out of order */
#define ACL_ERROR_STREAM_TASK_GROUP_INTR 107034         /* task group interrupted */
#define ACL_ERROR_RT_TASK_ABORT_STOP 107035             /* abort stopped before cleanup */
#define ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED 107036    /* capture was not begun on this stream */
#define ACL_ERROR_RT_MODEL_RUNNING 107037               /* model is still executing */
#define ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD 107038 /* capture ended by another thread */
#define ACL_ERROR_RT_INSUFFICIENT_INPUT_ARRAY 107039    /* caller's output array is too small */
#define ACL_ERROR_RT_MODEL_UPDATE_FAILED 107040         /* model update failed */
#define ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC 107041    /* async call became sync; mode forbids */
#define ACL_ERROR_RT_SYMBOL_NOT_FOUND 107042            /* symbol not found */
#define ACL_ERROR_RT_INVALID_SYMBOL 107043              /* not a device symbol */
#define ACL_ERROR_RT_SUB_ACLGRAPH_IS_CAPTURING 107045   /* a child graph is still capturing */

/* --- 207xxx: resources and unsupported features ------------------------ */
#define ACL_ERROR_RT_FEATURE_NOT_SUPPORT 207000           /* feature not supported */
#define ACL_ERROR_RT_MEMORY_ALLOCATION 207001             /* out of memory */
#define ACL_ERROR_RT_MEMORY_FREE 207002                   /* freeing memory failed */
#define ACL_ERROR_RT_AICORE_OVER_FLOW 207003              /* AI Core overflow */
#define ACL_ERROR_RT_NO_DEVICE 207004                     /* no device available */
#define ACL_ERROR_RT_RESOURCE_ALLOC_FAIL 207005           /* resource allocation failed */
#define ACL_ERROR_RT_NO_PERMISSION 207006                 /* permission denied */
#define ACL_ERROR_RT_NO_EVENT_RESOURCE 207007             /* event limit reached */
#define ACL_ERROR_RT_NO_STREAM_RESOURCE 207008            /* stream limit reached */
#define ACL_ERROR_RT_NO_NOTIFY_RESOURCE 207009            /* notify limit reached */
#define ACL_ERROR_RT_NO_MODEL_RESOURCE 207010             /* model limit reached */
#define ACL_ERROR_RT_NO_CDQ_RESOURCE 207011               /* CDQ limit reached */
#define ACL_ERROR_RT_OVER_LIMIT 207012                    /* a limit was exceeded */
#define ACL_ERROR_RT_QUEUE_EMPTY 207013                   /* queue is empty */
#define ACL_ERROR_RT_QUEUE_FULL 207014                    /* queue is full */
#define ACL_ERROR_RT_REPEATED_INIT 207015                 /* initialised twice */
#define ACL_ERROR_RT_AIVEC_OVER_FLOW 207016               /* AI Vector overflow */
#define ACL_ERROR_RT_OVER_FLOW 207017                     /* generic overflow */
#define ACL_ERROR_RT_DEVICE_OOM 207018                    /* device out of memory */
#define ACL_ERROR_RT_FEATURE_NOT_SUPPORT_UPDATE_OP 207019 /* this op cannot be updated */
#define ACL_ERROR_RT_TIMEOUT 207020                       /* driver timeout */

/* --- 507xxx: internal and execution failures --------------------------- */
#define ACL_ERROR_RT_INTERNAL_ERROR 507000             /* runtime internal error */
#define ACL_ERROR_RT_TS_ERROR 507001                   /* task scheduler internal error */
#define ACL_ERROR_RT_STREAM_TASK_FULL 507002           /* stream task queue full */
#define ACL_ERROR_RT_STREAM_TASK_EMPTY 507003          /* stream task queue empty */
#define ACL_ERROR_RT_STREAM_NOT_COMPLETE 507004        /* stream has unfinished work */
#define ACL_ERROR_RT_END_OF_SEQUENCE 507005            /* end of sequence */
#define ACL_ERROR_RT_EVENT_NOT_COMPLETE 507006         /* event has not completed */
#define ACL_ERROR_RT_CONTEXT_RELEASE_ERROR 507007      /* context release failed */
#define ACL_ERROR_RT_SOC_VERSION 507008                /* SoC version mismatch */
#define ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT 507009      /* task type not supported */
#define ACL_ERROR_RT_LOST_HEARTBEAT 507010             /* scheduler heartbeat lost */
#define ACL_ERROR_RT_MODEL_EXECUTE 507011              /* model not ready / execution failed */
#define ACL_ERROR_RT_REPORT_TIMEOUT 507012             /* report timed out */
#define ACL_ERROR_RT_SYS_DMA 507013                    /* DMA error */
#define ACL_ERROR_RT_AICORE_TIMEOUT 507014             /* kernel timed out */
#define ACL_ERROR_RT_AICORE_EXCEPTION 507015           /* kernel failed (cpuacl: nonzero return) */
#define ACL_ERROR_RT_AICORE_TRAP_EXCEPTION 507016      /* kernel trapped */
#define ACL_ERROR_RT_AICPU_TIMEOUT 507017              /* AI CPU kernel timed out */
#define ACL_ERROR_RT_AICPU_EXCEPTION 507018            /* AI CPU kernel failed */
#define ACL_ERROR_RT_AICPU_DATADUMP_RSP_ERR 507019     /* AI CPU data-dump response error */
#define ACL_ERROR_RT_AICPU_MODEL_RSP_ERR 507020        /* AI CPU model response error */
#define ACL_ERROR_RT_PROFILING_ERROR 507021            /* profiling error */
#define ACL_ERROR_RT_IPC_ERROR 507022                  /* IPC error */
#define ACL_ERROR_RT_MODEL_ABORT_NORMAL 507023         /* model aborted */
#define ACL_ERROR_RT_KERNEL_UNREGISTERING 507024       /* kernel is being unregistered */
#define ACL_ERROR_RT_RINGBUFFER_NOT_INIT 507025        /* ring buffer not initialised */
#define ACL_ERROR_RT_RINGBUFFER_NO_DATA 507026         /* ring buffer empty */
#define ACL_ERROR_RT_KERNEL_LOOKUP 507027              /* kernel lookup failed */
#define ACL_ERROR_RT_KERNEL_DUPLICATE 507028           /* kernel registered twice */
#define ACL_ERROR_RT_DEBUG_REGISTER_FAIL 507029        /* debug registration failed */
#define ACL_ERROR_RT_DEBUG_UNREGISTER_FAIL 507030      /* debug unregistration failed */
#define ACL_ERROR_RT_LABEL_CONTEXT 507031              /* label belongs to another context */
#define ACL_ERROR_RT_PROGRAM_USE_OUT 507032            /* program registration limit reached */
#define ACL_ERROR_RT_DEV_SETUP_ERROR 507033            /* device setup failed */
#define ACL_ERROR_RT_VECTOR_CORE_TIMEOUT 507034        /* vector core timed out */
#define ACL_ERROR_RT_VECTOR_CORE_EXCEPTION 507035      /* vector core failed */
#define ACL_ERROR_RT_VECTOR_CORE_TRAP_EXCEPTION 507036 /* vector core trapped */
#define ACL_ERROR_RT_CDQ_BATCH_ABNORMAL 507037         /* CDQ batch allocation abnormal */
#define ACL_ERROR_RT_DIE_MODE_CHANGE_ERROR 507038      /* die mode cannot change */
#define ACL_ERROR_RT_DIE_SET_ERROR 507039              /* die not settable in single-die mode */
#define ACL_ERROR_RT_INVALID_DIEID 507040              /* invalid die id */
#define ACL_ERROR_RT_DIE_MODE_NOT_SET 507041           /* die mode not set */
#define ACL_ERROR_RT_AICORE_TRAP_READ_OVERFLOW 507042  /* AI Core trap: read overflow */
#define ACL_ERROR_RT_AICORE_TRAP_WRITE_OVERFLOW 507043 /* AI Core trap: write overflow */
#define ACL_ERROR_RT_VECTOR_CORE_TRAP_READ_OVERFLOW 507044  /* vector core trap: read overflow */
#define ACL_ERROR_RT_VECTOR_CORE_TRAP_WRITE_OVERFLOW 507045 /* vector core trap: write overflow */
#define ACL_ERROR_RT_STREAM_SYNC_TIMEOUT 507046             /* stream/device sync timed out */
#define ACL_ERROR_RT_EVENT_SYNC_TIMEOUT 507047              /* event sync or wait timed out */
#define ACL_ERROR_RT_FFTS_PLUS_TIMEOUT 507048               /* FFTS+ timed out */
#define ACL_ERROR_RT_FFTS_PLUS_EXCEPTION 507049             /* FFTS+ failed */
#define ACL_ERROR_RT_FFTS_PLUS_TRAP_EXCEPTION 507050        /* FFTS+ trapped */
#define ACL_ERROR_RT_SEND_MSG 507051                        /* host-device message send failed */
#define ACL_ERROR_RT_COPY_DATA 507052                       /* data copy failed */
#define ACL_ERROR_RT_DEVICE_MEM_ERROR 507053                /* device memory error */
#define ACL_ERROR_RT_HBM_MULTI_BIT_ECC_ERROR 507054         /* HBM multi-bit ECC error */
#define ACL_ERROR_RT_SUSPECT_DEVICE_MEM_ERROR 507055        /* suspected device memory error */
#define ACL_ERROR_RT_LINK_ERROR 507056                      /* link error */
#define ACL_ERROR_RT_SUSPECT_REMOTE_ERROR 507057            /* suspected remote error */
#define ACL_ERROR_RT_DRV_INTERNAL_ERROR 507899              /* driver internal error */
#define ACL_ERROR_RT_AICPU_INTERNAL_ERROR 507900            /* AI CPU internal error */
#define ACL_ERROR_RT_SOCKET_CLOSE 507901                    /* host-device channel closed */
#define ACL_ERROR_RT_AICPU_INFO_LOAD_RSP_ERR 507902         /* AI CPU info-load response error */
#define ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED 507903      /* capture broken by an earlier error */
#define ACL_ERROR_RT_COMM_OP_RETRY_FAIL 507904              /* collective op retry failed */
#define ACL_ERROR_SNAPSHOT_LOCK_TIMEOUT 507905              /* snapshot: lock timed out */
#define ACL_ERROR_SNAPSHOT_LOCK_FAILED 507906               /* snapshot: lock failed */
#define ACL_ERROR_SNAPSHOT_UNLOCK_FAILED 507907             /* snapshot: unlock failed */
#define ACL_ERROR_SNAPSHOT_BACKUP_FAILED 507908             /* snapshot: backup failed */
#define ACL_ERROR_SNAPSHOT_RESTORE_FAILED 507909            /* snapshot: restore failed */
#define ACL_ERROR_HOST_MEMORY_ALREADY_REGISTERED 507910     /* host range already registered */
#define ACL_ERROR_HOST_MEMORY_NOT_REGISTERED 507911         /* host range not registered */
#define ACL_ERROR_SNAPSHOT_CALLBACK_FAILED 507912           /* snapshot: callback failed */
#define ACL_ERROR_SNAPSHOT_REGISTER_CALLBACK_FAILED 507913  /* snapshot: callback not registered */
#define ACL_ERROR_RT_L3_PORT_ERROR 507914                   /* UB memory error */

#endif /* CPUACL_ACL_ERROR_CODES_RT_ERROR_CODES_H */
