"""cunum.cuda.compiler: the error a user-written kernel that fails to compile
raises (CuPy's cupy.cuda.compiler.CompileException)."""


class CompileException(Exception):
    """A kernel did not compile: ``str(e)`` holds the compiler's log
    (NVRTC's on a GPU, the host C++ compiler's on the CPU); ``source``, the
    program's text; ``name``, the kernel's name."""

    def __init__(self, msg, source, name, options, log=""):
        self._msg = msg
        self.source = source
        self.name = name
        self.options = tuple(options)
        self.log = log
        super().__init__(msg)

    def get_message(self):
        return self._msg

    def dump(self, f):
        lines = self.source.split("\n")
        digits = len(str(len(lines)))
        f.write("==========\n")
        f.write(f"{self.name}\n")
        f.write("----------\n")
        for i, line in enumerate(lines, 1):
            f.write(f"{i:{digits}} {line}\n")
        f.write("==========\n")
        f.write(self._msg + "\n")

    def __reduce__(self):
        return type(self), (self._msg, self.source, self.name, self.options, self.log)
