package io.jazmin.endtoend.sharedfiles;

import io.jazmin.testing.SharedFileSlots;
import io.jazmin.internal.crypto.KeySlots;
import io.jazmin.schema.Codec;
import io.jazmin.internal.wire.ByteReader;
import io.jazmin.internal.wire.ByteWriter;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.section.SectionReader;
import io.jazmin.internal.section.SectionWriter;
import io.jazmin.internal.wire.Trailer;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.function.UnaryOperator;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;
import io.jazmin.key.AccessKeyText;
import io.jazmin.internal.keys.Hkdf;
import io.jazmin.key.JazminKey;

/**
 * A new version of a reference shared file in which one access key's bundle is changed (an expiry
 * added, say), as its owner would write it: the key's slot sealed again, its key-slot page and the
 * key-slot list rebuilt and the whole signed again with the owner's P-256 key (derived here with
 * BouncyCastle). Appended after the old version with a new trailer; the header is kept.
 */
final class ForgedGrants {
    private static final X9ECParameters CURVE = CustomNamedCurves.getByName("secp256r1");
    private static final ECDomainParameters DOMAIN = new ECDomainParameters(CURVE.getCurve(), CURVE.getG(),
            CURVE.getN(), CURVE.getH());
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int PAGE_ENTRY = 52;
    private static final int SLOT_ENTRY = 16;

    private ForgedGrants() {
    }

    /** {@code file} with {@code holder}'s bundle replaced by {@code change} of it, re-signed by {@code owner}. */
    static byte[] withBundle(byte[] file, JazminKey owner, AccessKeyText holder, UnaryOperator<ObjectNode> change)
            throws Exception {
        Preamble preamble = Preamble.decode(Arrays.copyOf(file, Preamble.SIZE));
        int end = file.length - Trailer.SIZE;
        Trailer trailer = Trailer.decodeIfValid(file, end, end);
        byte[] list = SharedFileSlots.payload(file, trailer.keyslotsOffset(), trailer.keyslotsLength());
        byte[] slotId = JazminKey.slotIdBytes(holder.secret());
        KeySlots.PageRef page = KeySlots.findPage(list, slotId);
        byte[] pageRaw = SharedFileSlots.payload(file, page.offset(), page.length());
        KeySlots.Slot slot = KeySlots.findSlot(pageRaw, slotId);
        byte[] bundle = KeySlots.unseal(slot, holder.secret(), null, preamble.salt(), preamble.fileId(), slotId);
        ObjectNode changed = change.apply((ObjectNode) JSON.readTree(bundle));
        byte[] sealed = seal(JSON.writeValueAsBytes(changed), holder.secret(), preamble, slotId);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(file, 0, end);
        SectionWriter plain = new SectionWriter(Codec.NONE, 0);
        byte[] newPage = rebuiltPage(pageRaw, slotId, sealed);
        byte[] pageSection = plain.section("keyslots/" + page.index(), newPage, newPage.length);
        long pageAt = out.size();
        out.writeBytes(pageSection);
        byte[] newList = list.clone();
        ByteWriter entry = new ByteWriter(44);
        entry.u64(pageAt).u32(pageSection.length).bytes(SectionReader.sha256(pageSection));
        System.arraycopy(entry.toByteArray(), 0, newList, 4 + page.index() * PAGE_ENTRY + 8, 44);
        byte[] listSection = plain.section("keyslots", newList, newList.length);
        long listAt = out.size();
        out.writeBytes(listSection);
        byte[] headerSection = Arrays.copyOfRange(file, (int) trailer.headerOffset(),
                (int) (trailer.headerOffset() + trailer.headerLength()));
        byte[] signature = sign(owner, preamble.fileId(), listSection, headerSection);
        byte[] signatureSection = plain.section("signature", signature, signature.length);
        long signatureAt = out.size();
        out.writeBytes(signatureSection);
        out.writeBytes(new Trailer(trailer.headerOffset(), trailer.headerLength(), listAt, listSection.length,
                signatureAt, signatureSection.length).encode());
        return out.toByteArray();
    }

    private static byte[] seal(byte[] bundle, byte[] secret, Preamble preamble, byte[] slotId) throws Exception {
        byte[] key = Hkdf.derive(secret, preamble.salt(), "JAZMIN/1/slot".getBytes(StandardCharsets.US_ASCII), 32);
        byte[] nonce = new byte[12];
        new SecureRandom().nextBytes(nonce);
        Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
        gcm.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, nonce));
        gcm.updateAAD(preamble.fileId());
        gcm.updateAAD(slotId);
        byte[] body = gcm.doFinal(bundle);
        byte[] out = Arrays.copyOf(nonce, 12 + body.length);
        System.arraycopy(body, 0, out, 12, body.length);
        return out;
    }

    /** The page with the slot {@code slotId} holding {@code sealed}, the others as they were. */
    private static byte[] rebuiltPage(byte[] page, byte[] slotId, byte[] sealed) {
        ByteReader in = new ByteReader(page);
        int count = (int) in.u32();
        int sealedAt = 4 + count * SLOT_ENTRY;
        ByteArrayOutputStream slots = new ByteArrayOutputStream();
        ByteWriter entries = new ByteWriter(4 + count * SLOT_ENTRY);
        entries.u32(count);
        for (int i = 0; i < count; i++) {
            int at = 4 + i * SLOT_ENTRY;
            byte[] id = Arrays.copyOfRange(page, at, at + 8);
            ByteReader e = new ByteReader(page, at + 8, 8);
            long offset = e.u32();
            long length = e.u32();
            long flag = length & 0x8000_0000L;
            byte[] body = Arrays.equals(id, slotId) ? sealed : Arrays.copyOfRange(page, (int) (sealedAt + offset),
                    (int) (sealedAt + offset + (length & 0x7fff_ffffL)));
            entries.bytes(id).u32(slots.size()).u32(body.length | flag);
            slots.writeBytes(body);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(entries.toByteArray());
        out.writeBytes(slots.toByteArray());
        return out.toByteArray();
    }

    /** The 129-byte signature section payload of a version with these key-slot list and header sections. */
    static byte[] sign(JazminKey owner, byte[] fileId, byte[] listSection, byte[] headerSection) {
        return signature(ownerScalar(owner), fileId, listSection, headerSection);
    }

    /** The owner's P-256 signing scalar (spec §1.21), derived here independently of the engine. */
    static BigInteger ownerScalar(JazminKey owner) {
        byte[] okm = Hkdf.derive(owner.bytes(), new byte[0],
                "JAZMIN/1/owner-signing".getBytes(StandardCharsets.US_ASCII), 48);
        return new BigInteger(1, okm).mod(DOMAIN.getN().subtract(BigInteger.ONE)).add(BigInteger.ONE);
    }

    /** The uncompressed public point of scalar {@code d}. */
    static byte[] publicKey(BigInteger d) {
        return DOMAIN.getG().multiply(d).normalize().getEncoded(false);
    }

    /** The 129-byte signature section payload by the holder of scalar {@code d} (BouncyCastle's ECDSA). */
    static byte[] signature(BigInteger d, byte[] fileId, byte[] listSection, byte[] headerSection) {
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        message.writeBytes("JAZMIN/1/signature".getBytes(StandardCharsets.US_ASCII));
        message.writeBytes(fileId);
        message.writeBytes(SectionReader.sha256(listSection));
        message.writeBytes(SectionReader.sha256(headerSection));
        ECDSASigner signer = new ECDSASigner();
        signer.init(true, new ECPrivateKeyParameters(d, DOMAIN));
        BigInteger[] rs = signer.generateSignature(SectionReader.sha256(message.toByteArray()));
        byte[] signature = new byte[129];
        System.arraycopy(publicKey(d), 0, signature, 0, 65);
        System.arraycopy(fixed32(rs[0]), 0, signature, 65, 32);
        System.arraycopy(fixed32(rs[1]), 0, signature, 97, 32);
        return signature;
    }

    private static byte[] fixed32(BigInteger v) {
        byte[] b = v.toByteArray();
        byte[] out = new byte[32];
        int n = Math.min(32, b.length);
        System.arraycopy(b, b.length - n, out, 32 - n, n);
        return out;
    }
}
