package io.jazmin.internal.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import io.jazmin.internal.keys.Hkdf;

/**
 * {@link Hkdf} on the SHA-256 test vectors of RFC 5869, Appendix A (test cases 1-3: an 80-byte salt,
 * longer than HMAC's block, and an empty one among them), and its section-key form against the general one.
 */
class HkdfTest {
    private static final HexFormat HEX = HexFormat.of();

    @ParameterizedTest(name = "RFC 5869 test case {0}")
    @CsvSource({
        "1, 0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b, 000102030405060708090a0b0c, f0f1f2f3f4f5f6f7f8f9, 42,"
            + " 077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5,"
            + " 3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865",
        "2, 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f"
            + "303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f,"
            + " 606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f"
            + "909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeaf,"
            + " b0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
            + "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff, 82,"
            + " 06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244,"
            + " b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09"
            + "da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87",
        "3, 0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b, '', '', 42,"
            + " 19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04,"
            + " 8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8",
    })
    void matchesRfc5869(int testCase, String ikm, String salt, String info, int length, String prk, String okm) {
        byte[] ikmBytes = HEX.parseHex(ikm);
        byte[] saltBytes = HEX.parseHex(salt);
        byte[] infoBytes = HEX.parseHex(info);
        assertEquals(prk, HEX.formatHex(Hkdf.extract(saltBytes, ikmBytes)), "PRK");
        assertEquals(okm, HEX.formatHex(Hkdf.expand(HEX.parseHex(prk), infoBytes, length)), "OKM from PRK");
        assertEquals(okm, HEX.formatHex(Hkdf.derive(ikmBytes, saltBytes, infoBytes, length)), "OKM");
    }

    @Test
    void aSectionKeyIsTheGeneralExpandOfLabelAndNameOnEveryCall() {
        Random random = new Random(33);
        for (String name : new String[] {"header", "0/chunk/12/*", "0/index/id/sorted/0/page/7", "", "grüße/日本",
                "z".repeat(300)}) {
            byte[] prk = new byte[32];
            random.nextBytes(prk);
            byte[] info = ("JAZMIN/1/" + name).getBytes(StandardCharsets.UTF_8);
            String expected = HEX.formatHex(Hkdf.expand(prk, info, 32));
            // Twice on one thread: nothing of the first key's state may leak into the second.
            assertEquals(expected, HEX.formatHex(Hkdf.expandKey(prk, "JAZMIN/1/", name)), name);
            assertEquals(expected, HEX.formatHex(Hkdf.expandKey(prk, "JAZMIN/1/", name)), name);
        }
    }
}
