package io.tunescope.importers;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Decides how to decode a file from its first bytes: UTF-8 with or without BOM, UTF-16 with BOM (or
 * without, recognised from the zero bytes of ASCII text), GB18030 (a superset of GBK, for files written
 * on Chinese systems) when the bytes are not valid UTF-8, and binary content that must not be parsed.
 */
public final class TextDecoding {

    /** GB18030 is a superset of GBK and GB2312, so one fallback reads all three. */
    public static final Charset GB18030 = Charset.forName("GB18030");

    /** The decision for one file. {@code bomLength} bytes are skipped before decoding. */
    public record Detected(Charset charset, int bomLength, boolean binary, String description) {
        public static Detected binary(String why) {
            return new Detected(StandardCharsets.ISO_8859_1, 0, true, why);
        }
    }

    private TextDecoding() {
    }

    public static Detected detect(byte[] head, int length) {
        if (length >= 3 && (head[0] & 0xFF) == 0xEF && (head[1] & 0xFF) == 0xBB && (head[2] & 0xFF) == 0xBF) {
            return new Detected(StandardCharsets.UTF_8, 3, false, "UTF-8 with BOM");
        }
        if (length >= 2 && (head[0] & 0xFF) == 0xFF && (head[1] & 0xFF) == 0xFE) {
            return new Detected(StandardCharsets.UTF_16LE, 2, false, "UTF-16LE with BOM");
        }
        if (length >= 2 && (head[0] & 0xFF) == 0xFE && (head[1] & 0xFF) == 0xFF) {
            return new Detected(StandardCharsets.UTF_16BE, 2, false, "UTF-16BE with BOM");
        }
        int sample = Math.min(length, 8192);
        int zeros = 0;
        int zerosEven = 0;
        int zerosOdd = 0;
        int control = 0;
        for (int i = 0; i < sample; i++) {
            int b = head[i] & 0xFF;
            if (b == 0) {
                zeros++;
                if ((i & 1) == 0) {
                    zerosEven++;
                } else {
                    zerosOdd++;
                }
            } else if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' && b != 0x1B && b != 0x0B) {
                control++;
            }
        }
        if (zeros > 0) {
            int pairs = Math.max(1, sample / 2);
            if (zerosOdd > pairs * 0.6 && zerosEven < pairs * 0.05) {
                return new Detected(StandardCharsets.UTF_16LE, 0, false, "UTF-16LE without BOM");
            }
            if (zerosEven > pairs * 0.6 && zerosOdd < pairs * 0.05) {
                return new Detected(StandardCharsets.UTF_16BE, 0, false, "UTF-16BE without BOM");
            }
            return Detected.binary("binary content (zero bytes in the first " + sample + " bytes)");
        }
        if (sample > 0 && control > sample / 20) {
            return Detected.binary("binary content (" + control + " control bytes in the first " + sample + " bytes)");
        }
        if (validPrefix(StandardCharsets.UTF_8, head, length)) {
            return new Detected(StandardCharsets.UTF_8, 0, false, "UTF-8");
        }
        if (validPrefix(GB18030, head, length)) {
            return new Detected(GB18030, 0, false, "GB18030/GBK (not valid UTF-8)");
        }
        return new Detected(StandardCharsets.UTF_8, 0, false, "UTF-8 with invalid bytes replaced");
    }

    /** True when the bytes decode without error, allowing a character cut off at the very end. */
    static boolean validPrefix(Charset charset, byte[] bytes, int length) {
        CharsetDecoder decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, 0, length);
        CharBuffer out = CharBuffer.allocate(length + 16);
        // endOfInput=false: a character cut off by the end of the head is left over, not an error
        CoderResult r = decoder.decode(in, out, false);
        return !r.isError();
    }

    /** Decodes a whole small byte array the same way (for tests and small metadata files). */
    public static String decodeAll(byte[] bytes) throws CharacterCodingException {
        Detected d = detect(bytes, bytes.length);
        if (d.binary()) {
            throw new CharacterCodingException();
        }
        return new String(bytes, d.bomLength(), bytes.length - d.bomLength(), d.charset());
    }
}
