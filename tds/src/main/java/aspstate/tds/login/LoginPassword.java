package aspstate.tds.login;

import aspstate.tds.wire.Utf16;

/**
 * The LOGIN7 password obfuscation ([MS-TDS] 2.2.6.4): the client swaps the nibbles of every byte of the UTF-16LE
 * password, then XORs it with 0xA5. Decoding undoes the steps in reverse order: XOR, then swap.
 */
public final class LoginPassword {
    private LoginPassword() {}

    /** What a client sends: the UTF-16LE bytes, each with its nibbles swapped, then XOR 0xA5. */
    public static byte[] encode(String password) {
        byte[] bytes = Utf16.encode(password);
        for (int i = 0; i < bytes.length; i++) {
            int b = bytes[i] & 0xFF;
            bytes[i] = (byte) ((b << 4 | b >>> 4) ^ 0xA5);
        }
        return bytes;
    }

    public static String decode(byte[] obfuscated) {
        byte[] plain = new byte[obfuscated.length];
        for (int i = 0; i < obfuscated.length; i++) {
            int b = (obfuscated[i] ^ 0xA5) & 0xFF;
            plain[i] = (byte) ((b << 4 | b >>> 4) & 0xFF);
        }
        return Utf16.decode(plain);
    }
}
