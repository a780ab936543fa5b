package io.jazmin.internal.keys;

import io.jazmin.error.JazminFormatException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.ec.FixedPointCombMultiplier;
import org.bouncycastle.util.BigIntegers;

/**
 * The owner's ECDSA P-256 signing identity of access-controlled files (spec §1.19): the private
 * scalar d = (OS2IP(HKDF(owner key, "", "JAZMIN/1/owner-signing", 48)) mod (n − 1)) + 1, the public
 * key Q = d·G as a 65-byte uncompressed point, its fingerprint (first 8 bytes of SHA-256(Q)), and
 * signing and verification of signatures in IEEE-P1363 form (r ‖ s). All curve arithmetic is BouncyCastle's.
 */
public final class OwnerSigning {
    /** Bytes of an uncompressed P-256 point. */
    public static final int PUBLIC_KEY_SIZE = 65;
    /** Bytes of a P1363 signature r ‖ s. */
    public static final int SIGNATURE_SIZE = 64;
    /** Bytes of an owner fingerprint. */
    public static final int FINGERPRINT_SIZE = 8;
    private static final byte[] SIGNATURE_LABEL = "JAZMIN/1/signature".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SIGNING_LABEL = "JAZMIN/1/owner-signing".getBytes(StandardCharsets.US_ASCII);
    private static final X9ECParameters CURVE = CustomNamedCurves.getByName("secp256r1");
    private static final ECDomainParameters DOMAIN = new ECDomainParameters(CURVE.getCurve(), CURVE.getG(),
            CURVE.getN(), CURVE.getH());

    private OwnerSigning() {
    }

    /** The owner's public key Q (65 bytes, {@code 04 ‖ X ‖ Y}) derived from the owner key bytes. */
    public static byte[] publicKey(byte[] ownerKey) {
        return new FixedPointCombMultiplier().multiply(DOMAIN.getG(), scalar(ownerKey)).normalize().getEncoded(false);
    }

    /**
     * The ECDSA P-256/SHA-256 signature of {@code message} by the owner of {@code ownerKey}, as
     * r ‖ s (64 bytes). Deterministic (RFC 6979 nonces), so no random source can weaken it.
     */
    public static byte[] sign(byte[] ownerKey, byte[] message) {
        ECDSASigner signer = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
        signer.init(true, new ECPrivateKeyParameters(scalar(ownerKey), DOMAIN));
        BigInteger[] rs = signer.generateSignature(KeyText.sha256(message));
        byte[] out = new byte[SIGNATURE_SIZE];
        System.arraycopy(BigIntegers.asUnsignedByteArray(32, rs[0]), 0, out, 0, 32);
        System.arraycopy(BigIntegers.asUnsignedByteArray(32, rs[1]), 0, out, 32, 32);
        return out;
    }

    /** d = (OS2IP(HKDF(owner key, "", "JAZMIN/1/owner-signing", 48)) mod (n − 1)) + 1. */
    private static BigInteger scalar(byte[] ownerKey) {
        byte[] okm = Hkdf.derive(ownerKey, new byte[0], SIGNING_LABEL, 48);
        try {
            return new BigInteger(1, okm).mod(DOMAIN.getN().subtract(BigInteger.ONE)).add(BigInteger.ONE);
        } finally {
            Arrays.fill(okm, (byte) 0);
        }
    }

    /**
     * What the owner signs in a file version: {@code "JAZMIN/1/signature" ‖ file id ‖
     * SHA-256(key-slot list section) ‖ SHA-256(header section)} (whole sections, envelope included).
     */
    public static byte[] signedMessage(byte[] fileId, byte[] listWhole, byte[] headerWhole) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        out.writeBytes(SIGNATURE_LABEL);
        out.writeBytes(fileId);
        out.writeBytes(KeyText.sha256(listWhole));
        out.writeBytes(KeyText.sha256(headerWhole));
        return out.toByteArray();
    }

    /** The first 8 bytes of SHA-256 of a public key. */
    public static byte[] fingerprint(byte[] publicKey) {
        return Arrays.copyOf(KeyText.sha256(publicKey), FINGERPRINT_SIZE);
    }

    /**
     * Whether {@code signature} (r ‖ s, 64 bytes) is a valid ECDSA P-256/SHA-256 signature of
     * {@code message} by {@code publicKey}.
     *
     * @throws JazminFormatException when the public key is not a point of P-256
     */
    public static boolean verify(byte[] publicKey, byte[] message, byte[] signature) {
        if (publicKey.length != PUBLIC_KEY_SIZE || publicKey[0] != 4) {
            throw new JazminFormatException("the owner public key is not an uncompressed P-256 point");
        }
        ECPoint q;
        try {
            q = DOMAIN.getCurve().decodePoint(publicKey);
        } catch (IllegalArgumentException e) {
            throw new JazminFormatException("the owner public key is not a point of P-256");
        }
        if (signature.length != SIGNATURE_SIZE) {
            return false;
        }
        BigInteger r = new BigInteger(1, Arrays.copyOfRange(signature, 0, 32));
        BigInteger s = new BigInteger(1, Arrays.copyOfRange(signature, 32, 64));
        ECDSASigner verifier = new ECDSASigner();
        verifier.init(false, new ECPublicKeyParameters(q, DOMAIN));
        return verifier.verifySignature(KeyText.sha256(message), r, s);
    }
}
