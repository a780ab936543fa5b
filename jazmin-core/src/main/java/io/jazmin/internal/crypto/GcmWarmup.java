package io.jazmin.internal.crypto;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Gets the JDK's AES-GCM onto its fast path once per process, on a background thread. The SunJCE
 * provider reaches the CPU's AES and carry-less-multiply instructions only from C2-compiled callers,
 * and C2 compiles them after thousands of calls: until then a section opens at 5–60 MB/s instead of
 * over 1 GB/s, which made the first reads of a key file (every read of a short-lived process) several
 * times slower than the plain file's. Thousands of tiny decryptions under a throwaway random key cost
 * well under a second of one core and bring every later section of up to 64 KB onto the fast path
 * (the provider splits larger ones differently). No file key or data is ever used here.
 */
final class GcmWarmup {
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    // Decryptions per round, rounds at most, the pause between rounds (the compiler, not more calls, is
    // what is waited for once the call counts are reached), and the probe size and speed that end it.
    private static final int ROUND = 1_000;
    static final int MAX_ROUNDS = 60;
    private static final long PAUSE_MILLIS = 5;
    private static final int PROBE_SIZE = 32 * 1024;
    private static final long FAST_BYTES_PER_SECOND = 500L << 20;
    private static final int TAG_BITS = 128;

    private GcmWarmup() {
    }

    /** Starts the warm-up unless it already ran or is running in this process. */
    static void start() {
        if (STARTED.compareAndSet(false, true)) {
            Thread t = new Thread(GcmWarmup::run, "jazmin-aes-gcm-warmup");
            t.setDaemon(true);
            t.setPriority(Thread.MIN_PRIORITY);
            t.start();
        }
    }

    /**
     * Decrypts a tiny sealed payload in rounds until a 32 KB one opens fast (or the rounds run out).
     *
     * @return the rounds run
     */
    static int run() {
        try {
            SecureRandom random = new SecureRandom();
            byte[] key = new byte[32];
            byte[] aad = new byte[40];
            random.nextBytes(key);
            SecretKeySpec spec = new SecretKeySpec(key, "AES");
            GCMParameterSpec tinyNonce = new GCMParameterSpec(TAG_BITS, new byte[] {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
            GCMParameterSpec probeNonce = new GCMParameterSpec(TAG_BITS, new byte[] {2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
            Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
            byte[] tiny = seal(gcm, spec, tinyNonce, aad, new byte[64]);
            byte[] probe = seal(gcm, spec, probeNonce, aad, new byte[PROBE_SIZE]);
            byte[] out = new byte[PROBE_SIZE];
            for (int round = 1; round <= MAX_ROUNDS; round++) {
                for (int i = 0; i < ROUND; i++) {
                    open(gcm, spec, tinyNonce, aad, tiny, out);
                }
                // Asked twice: a thread switch may slow one probe.
                if (fast(gcm, spec, probeNonce, aad, probe, out) || fast(gcm, spec, probeNonce, aad, probe, out)) {
                    return round;
                }
                Thread.sleep(PAUSE_MILLIS);
            }
            return MAX_ROUNDS;
        } catch (GeneralSecurityException e) {
            // Only a missing AES-GCM gets here, and the reads that need it report that themselves.
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    /** Whether the probe opens at the fast path's speed. */
    private static boolean fast(Cipher gcm, SecretKeySpec key, GCMParameterSpec nonce, byte[] aad, byte[] probe,
                                byte[] out) throws GeneralSecurityException {
        long start = System.nanoTime();
        open(gcm, key, nonce, aad, probe, out);
        long nanos = Math.max(1, System.nanoTime() - start);
        return PROBE_SIZE * 1_000_000_000L / nanos >= FAST_BYTES_PER_SECOND;
    }

    private static byte[] seal(Cipher gcm, SecretKeySpec key, GCMParameterSpec nonce, byte[] aad, byte[] plain)
            throws GeneralSecurityException {
        gcm.init(Cipher.ENCRYPT_MODE, key, nonce);
        gcm.updateAAD(aad);
        return gcm.doFinal(plain);
    }

    private static void open(Cipher gcm, SecretKeySpec key, GCMParameterSpec nonce, byte[] aad, byte[] sealed,
                             byte[] out) throws GeneralSecurityException {
        gcm.init(Cipher.DECRYPT_MODE, key, nonce);
        gcm.updateAAD(aad);
        gcm.doFinal(sealed, 0, sealed.length, out, 0);
    }
}
