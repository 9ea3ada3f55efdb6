// Runs Mono's own System.Web.Util.AltSerialization (internal, reached by reflection), the value encoding of its
// session state, for MonoAltSerializationInteropTest.
//   write: each stdin line "Type text" -> the hex of what AltSerialization.Serialize writes for that value
//   read:  each stdin line "hex"       -> "Type text" of what AltSerialization.Deserialize reads from it
// Texts: numbers invariant, DateTime and TimeSpan as ticks, Char as its code, String as base64 of its UTF-8,
// Byte[] as hex.
using System;
using System.Globalization;
using System.IO;
using System.Reflection;
using System.Text;

class MonoAltSerialization {
    static readonly Type Alt = typeof(System.Web.HttpContext).Assembly.GetType("System.Web.Util.AltSerialization");
    const BindingFlags Static = BindingFlags.Static | BindingFlags.NonPublic | BindingFlags.Public;

    static void Main(string[] args) {
        string line;
        while ((line = Console.In.ReadLine()) != null) {
            if (line.Length == 0) continue;
            Console.WriteLine(args[0] == "write" ? Write(line) : Read(line));
        }
    }

    static string Write(string line) {
        int space = line.IndexOf(' ');
        object value = Parse(line.Substring(0, space), line.Substring(space + 1));
        MemoryStream bytes = new MemoryStream();
        BinaryWriter writer = new BinaryWriter(bytes);
        Alt.GetMethod("Serialize", Static).Invoke(null, new object[] { writer, value });
        writer.Flush();
        return BitConverter.ToString(bytes.ToArray()).Replace("-", "");
    }

    static string Read(string hex) {
        byte[] bytes = new byte[hex.Length / 2];
        for (int i = 0; i < bytes.Length; i++) bytes[i] = Convert.ToByte(hex.Substring(2 * i, 2), 16);
        object value = Alt.GetMethod("Deserialize", Static).Invoke(null, new object[] { new BinaryReader(new MemoryStream(bytes)) });
        return value.GetType().Name + " " + Text(value);
    }

    static object Parse(string type, string text) {
        CultureInfo c = CultureInfo.InvariantCulture;
        switch (type) {
            case "Boolean": return bool.Parse(text);
            case "Byte": return byte.Parse(text, c);
            case "SByte": return sbyte.Parse(text, c);
            case "Int16": return short.Parse(text, c);
            case "UInt16": return ushort.Parse(text, c);
            case "Int32": return int.Parse(text, c);
            case "UInt32": return uint.Parse(text, c);
            case "Int64": return long.Parse(text, c);
            case "UInt64": return ulong.Parse(text, c);
            case "Single": return float.Parse(text, c);
            case "Double": return double.Parse(text, c);
            case "Decimal": return decimal.Parse(text, c);
            case "DateTime": return new DateTime(long.Parse(text, c));
            case "Char": return (char) int.Parse(text, c);
            case "String": return Encoding.UTF8.GetString(Convert.FromBase64String(text));
            case "Byte[]":
                byte[] bytes = new byte[text.Length / 2];
                for (int i = 0; i < bytes.Length; i++) bytes[i] = Convert.ToByte(text.Substring(2 * i, 2), 16);
                return bytes;
        }
        throw new ArgumentException("unknown type " + type);
    }

    static string Text(object value) {
        if (value is DateTime) return ((DateTime) value).Ticks.ToString(CultureInfo.InvariantCulture);
        if (value is char) return ((int) (char) value).ToString(CultureInfo.InvariantCulture);
        if (value is string) return Convert.ToBase64String(Encoding.UTF8.GetBytes((string) value));
        if (value is byte[]) return BitConverter.ToString((byte[]) value).Replace("-", "");
        if (value is float) return ((float) value).ToString("R", CultureInfo.InvariantCulture);
        if (value is double) return ((double) value).ToString("R", CultureInfo.InvariantCulture);
        if (value is bool) return ((bool) value) ? "True" : "False";
        return Convert.ToString(value, CultureInfo.InvariantCulture);
    }
}
