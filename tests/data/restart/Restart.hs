-- tests/data/restart/Restart.hs: a program that restarts its eventlog
-- (endEventLogging, then startEventLogging with the RTS's file writer,
-- which opens the -ol path again), between two bits of work that leave
-- heap samples; `make' beside it runs it into a FIFO.
{-# LANGUAGE ForeignFunctionInterface #-}
import Control.Monad
import Data.IORef
import Foreign.Ptr
import System.Mem

foreign import ccall unsafe "endEventLogging" endEL :: IO ()
foreign import ccall unsafe "startEventLogging" startEL :: Ptr () -> IO Bool
foreign import ccall unsafe "&FileEventLogWriter" fileWriter :: Ptr ()

work :: Int -> IO ()
work n = do
  r <- newIORef []
  forM_ [1..n] $ \i -> modifyIORef' r (i:)
  xs <- readIORef r
  print (sum xs)
  performGC

main :: IO ()
main = do
  work 1000000
  endEL
  ok <- startEL fileWriter
  print ok
  work 1000000
